"""The chat widget's API: thin views over services (writes) and selectors (reads).

Which conversation a call may open: the X-Conversation-Token header (from any origin
in SUPPORT_WIDGET_ALLOWED_ORIGINS, no cookie) or, on the desk's own pages, the session
cookie (support/customer/access.py)."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from knowledge.models import Document
from support.customer import access, selectors
from support.customer.conversations import (
    IdentityRefused,
    post_customer_message,
    start_widget_conversation,
)
from support.customer.serializers import (
    ConversationCreateSerializer,
    ConversationSerializer,
    ErrorSerializer,
    MessageInSerializer,
    MessageListSerializer,
    MessageSerializer,
)
from support.customer.throttles import IPThrottle, SessionThrottle
from support.models import Conversation, Customer, Message
from support.shops.identity import SignedCustomer

TOKEN_PARAMETER = OpenApiParameter(
    access.TOKEN_HEADER,
    str,
    location=OpenApiParameter.HEADER,
    required=False,
    description="The token the conversation was started with (needed from other origins).",
)


COMMON_ERRORS = {
    403: OpenApiResponse(
        ErrorSerializer, description="A browser origin that may not use the widget."
    ),
    429: OpenApiResponse(ErrorSerializer, description="Too many calls: wait Retry-After seconds."),
}
CONVERSATION_ERRORS = {
    **COMMON_ERRORS,
    401: OpenApiResponse(
        ErrorSerializer, description="The conversation's token has expired: start a new one."
    ),
    404: OpenApiResponse(
        ErrorSerializer,
        description="No such conversation for this token or session (another's looks the same).",
    ),
}


class TokenExpired(Exception):
    pass


class NotYours(Exception):
    pass


def _cross_origin(request: Request) -> bool:
    return bool(getattr(request._request, "widget_cross_origin", False))


def _session_key(request: Request) -> str:
    """The session a same-origin page keeps its conversation in; a call from a shop's
    site starts none (its cookie would be a third-party one)."""
    if _cross_origin(request):
        return ""
    if not request.session.session_key:
        request.session.save()
    return request.session.session_key


def _token(request: Request) -> str:
    return request.headers.get(access.TOKEN_HEADER, "").strip()


def _conversation(request: Request, public_id: str) -> Conversation:
    """The conversation this token (or this session) opens; anyone else's is a 404."""
    token = _token(request)
    if token:
        opened = access.open_by_token(public_id=public_id, token=token)
    else:
        opened = access.open_by_session(
            public_id=public_id, session_key=request.session.session_key or ""
        )
    if opened.access is access.Access.EXPIRED:
        raise TokenExpired
    if opened.conversation is None:
        raise NotYours
    return opened.conversation


def _signed_in_customer(request: Request) -> Customer | None:
    user = request.user
    if not user.is_authenticated:
        return None
    return Customer.objects.filter(user=user).first()


class BaseView(APIView):
    throttle_classes = [SessionThrottle, IPThrottle]

    def handle_exception(self, exc: Exception) -> Response:
        if isinstance(exc, TokenExpired):
            return Response(
                {
                    "detail": "This conversation's token has expired. Start a new conversation.",
                    "code": "token_expired",
                },
                status=status.HTTP_401_UNAUTHORIZED,
                headers={"WWW-Authenticate": access.TOKEN_HEADER},
            )
        if isinstance(exc, NotYours):
            return Response(
                {"detail": "No such conversation.", "code": "not_found"},
                status=status.HTTP_404_NOT_FOUND,
            )
        return super().handle_exception(exc)


class ConversationCreateView(BaseView):
    @extend_schema(
        request=ConversationCreateSerializer,
        parameters=[TOKEN_PARAMETER],
        responses={
            201: ConversationSerializer,
            400: OpenApiResponse(
                description="A field is wrong (an unknown shop, a malformed signed customer)."
            ),
            **COMMON_ERRORS,
            422: OpenApiResponse(
                ErrorSerializer,
                description="The signed customer was refused (code: identity_bad_signature, "
                "identity_stale, identity_from_the_future, identity_not_enabled).",
            ),
        },
    )
    def post(self, request: Request) -> Response:
        data = ConversationCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        # No language in the request: the first message's language is taken instead.
        chosen = "language" in data.initial_data
        given = data.validated_data.get("customer")
        signed = (
            SignedCustomer(
                customer_id=given["id"],
                email=given["email"],
                issued_at=given["issued_at"],
                signature=given["signature"],
            )
            if given
            else None
        )
        try:
            started = start_widget_conversation(
                session_key=_session_key(request),
                customer=_signed_in_customer(request),
                language=data.validated_data["language"] if chosen else None,
                shop=data.validated_data.get("shop", ""),
                signed=signed,
                previous_token=_token(request),
            )
        except IdentityRefused as refused:
            return Response(
                {"detail": str(refused), "code": refused.error.value},
                status=status.HTTP_422_UNPROCESSABLE_ENTITY,
            )
        conversation = started.conversation
        body = {
            "id": conversation.public_id,
            "language": conversation.language,
            "status": conversation.status,
            "token": started.token,
            "token_expires_at": conversation.token_expires_at,
            "signed_customer": signed is not None,
        }
        return Response(ConversationSerializer(body).data, status=status.HTTP_201_CREATED)


class MessagesView(BaseView):
    @extend_schema(
        parameters=[
            OpenApiParameter("after", int, description="Last message id seen"),
            TOKEN_PARAMETER,
        ],
        responses={200: MessageListSerializer, **CONVERSATION_ERRORS},
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

    @extend_schema(
        request=MessageInSerializer,
        parameters=[TOKEN_PARAMETER],
        responses={
            202: MessageSerializer,
            400: OpenApiResponse(description="The message is empty or too long."),
            409: OpenApiResponse(ErrorSerializer, description="The conversation is closed."),
            **CONVERSATION_ERRORS,
        },
    )
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
        access.extend_token(conversation=conversation)
        return Response(MessageSerializer(message).data, status=status.HTTP_202_ACCEPTED)
