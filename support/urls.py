from django.urls import path
from drf_spectacular.views import SpectacularAPIView

from support import api, views

urlpatterns = [
    path("", views.home, name="home"),
    path("shop/", views.demo_shop, name="demo-shop"),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/conversations/", api.ConversationCreateView.as_view(), name="api-conversations"),
    path(
        "api/conversations/<str:public_id>/messages/",
        api.MessagesView.as_view(),
        name="api-messages",
    ),
]
