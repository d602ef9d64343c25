"""The chat widget's API (mounted at the site root in config/urls.py)."""

from django.urls import path
from drf_spectacular.views import SpectacularAPIView

from support.customer import api

urlpatterns = [
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/conversations/", api.ConversationCreateView.as_view(), name="api-conversations"),
    path(
        "api/conversations/<str:public_id>/messages/",
        api.MessagesView.as_view(),
        name="api-messages",
    ),
]
