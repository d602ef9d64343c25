"""The home page and the demo shop page (mounted at the site root in config/urls.py)."""

from django.urls import path

from support.demo import views

urlpatterns = [
    path("", views.home, name="home"),
    path("shop/", views.demo_shop, name="demo-shop"),
]
