from __future__ import annotations

from rest_framework import serializers

from knowledge.selectors import shop_exists
from support import conf
from support.models import Language, Message, Shop


class SignedCustomerSerializer(serializers.Serializer):
    """The shop's signed-in customer, as its server signed them (README: "Identity
    from the shop")."""

    id = serializers.CharField(max_length=100)
    email = serializers.EmailField(max_length=254)
    issued_at = serializers.IntegerField(min_value=0, max_value=2**40)
    signature = serializers.RegexField(r"^[0-9a-fA-F]{64}$", max_length=64)


class ConversationCreateSerializer(serializers.Serializer):
    language = serializers.ChoiceField(choices=Language.choices, required=False)
    shop = serializers.SlugField(max_length=50, required=False)
    customer = SignedCustomerSerializer(required=False)

    def validate_shop(self, value: str) -> str:
        if not shop_exists(value) and not Shop.objects.filter(slug=value).exists():
            raise serializers.ValidationError(f"no shop {value!r} and no documents belong to it")
        return value


class ConversationSerializer(serializers.Serializer):
    id = serializers.CharField(read_only=True)
    language = serializers.CharField(read_only=True)
    status = serializers.CharField(read_only=True)
    token = serializers.CharField(
        read_only=True,
        help_text="Send it as the X-Conversation-Token header on every call about this "
        "conversation; it is shown only here.",
    )
    token_expires_at = serializers.DateTimeField(
        read_only=True, help_text="Extended each time the customer writes."
    )
    signed_customer = serializers.BooleanField(
        read_only=True, help_text="True when a shop-signed customer was linked."
    )


class ErrorSerializer(serializers.Serializer):
    detail = serializers.CharField()
    code = serializers.CharField(required=False)


class MessageInSerializer(serializers.Serializer):
    text = serializers.CharField(
        max_length=int(conf.get("SUPPORT_MAX_MESSAGE_CHARS")),
        trim_whitespace=True,
        error_messages={
            "max_length": "The message is too long: at most {max_length} characters.",
            "blank": "The message is empty.",
        },
    )


class SourceSerializer(serializers.Serializer):
    source = serializers.CharField()
    title = serializers.CharField(allow_blank=True)
    url = serializers.CharField(allow_blank=True)


class MessageSerializer(serializers.ModelSerializer):
    sources = serializers.SerializerMethodField()
    # The conversation as it stands when the message is read (not when it was written):
    # the widget shows "handed to a person" or "closed" from these, and switches its
    # words to the conversation's language.
    conversation_status = serializers.CharField(source="conversation.status", read_only=True)
    conversation_language = serializers.CharField(source="conversation.language", read_only=True)

    class Meta:
        model = Message
        fields = [
            "id",
            "role",
            "text",
            "sources",
            "created_at",
            "conversation_status",
            "conversation_language",
        ]

    def get_sources(self, message: Message) -> list[dict[str, str]]:
        documents = self.context.get("documents", {})
        out = []
        for source in message.sources:
            title, url = documents.get(source.split("#", 1)[0], ("", ""))
            out.append({"source": source, "title": title, "url": url})
        return out


class MessageListSerializer(serializers.Serializer):
    messages = MessageSerializer(many=True)
    status = serializers.CharField(help_text="bot, handed_off or closed")
    language = serializers.CharField(help_text="en or es; empty until the first message")
