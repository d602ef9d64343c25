"""The chat widget's API: thin views over services (writes) and selectors (reads)."""

from __future__ import annotations

from django.http import Http404
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from knowledge.models import Document
from support.customer import selectors
from support.customer.conversations import post_customer_message, start_conversation
from support.customer.serializers import (
    ConversationCreateSerializer,
    ConversationSerializer,
    MessageInSerializer,
    MessageListSerializer,
    MessageSerializer,
)
from support.customer.throttles import IPThrottle, SessionThrottle
from support.models import Conversation, Customer, Message


def _session_key(request: Request) -> str:
    if not request.session.session_key:
        request.session.save()
    return request.session.session_key


def _conversation(request: Request, public_id: str) -> Conversation:
    """The session's own conversation; anyone else's is a 404, never a 403."""
    found = selectors.conversation_for_session(
        public_id=public_id, session_key=request.session.session_key or ""
    )
    if found is None:
        raise Http404("no such conversation")
    return found


def _signed_in_customer(request: Request) -> Customer | None:
    user = request.user
    if not user.is_authenticated:
        return None
    return Customer.objects.filter(user=user).first()


class BaseView(APIView):
    throttle_classes = [SessionThrottle, IPThrottle]


class ConversationCreateView(BaseView):
    @extend_schema(request=ConversationCreateSerializer, responses={201: ConversationSerializer})
    def post(self, request: Request) -> Response:
        data = ConversationCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        # No language in the request: the first message's language is taken instead.
        chosen = "language" in data.initial_data
        conversation = start_conversation(
            session_key=_session_key(request),
            customer=_signed_in_customer(request),
            language=data.validated_data["language"] if chosen else None,
            shop=data.validated_data.get("shop", ""),
        )
        body = {
            "id": conversation.public_id,
            "language": conversation.language,
            "status": conversation.status,
        }
        return Response(body, status=status.HTTP_201_CREATED)


class MessagesView(BaseView):
    @extend_schema(
        parameters=[OpenApiParameter("after", int, description="Last message id seen")],
        responses={200: MessageListSerializer},
    )
    def get(self, request: Request, public_id: str) -> Response:
        conversation = _conversation(request, public_id)
        try:
            after = max(int(request.query_params.get("after", 0)), 0)
        except ValueError:
            after = 0
        messages = list(
            selectors.messages_after(conversation=conversation, after_id=after).exclude(
                role=Message.Role.CUSTOMER
            )
        )
        slugs = {s.split("#", 1)[0] for m in messages for s in m.sources}
        documents = {
            d.slug: (d.title, d.source_url) for d in Document.objects.filter(slug__in=slugs)
        }
        body = MessageSerializer(messages, many=True, context={"documents": documents}).data
        # The conversation's state even when nothing new was said (an agent closed it or
        # gave it back to the assistant): the widget shows it without waiting for a message.
        return Response(
            {"messages": body, "status": conversation.status, "language": conversation.language}
        )

    @extend_schema(request=MessageInSerializer, responses={202: MessageSerializer})
    def post(self, request: Request, public_id: str) -> Response:
        conversation = _conversation(request, public_id)
        if conversation.status == Conversation.Status.CLOSED:
            return Response(
                {"detail": "This conversation is closed. Start a new one to ask again."},
                status=status.HTTP_409_CONFLICT,
            )
        data = MessageInSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        message = post_customer_message(conversation=conversation, text=data.validated_data["text"])
        return Response(MessageSerializer(message).data, status=status.HTTP_202_ACCEPTED)
