"""The back office pages of this app (mounted under /staff/ in config/urls.py)."""

from django.urls import path  # noqa: F401

urlpatterns: list = []
