"""The staff dashboard (mounted at /staff/ in config/urls.py)."""

from django.urls import path

from support.dashboard import staff_dashboard

urlpatterns = [
    path("", staff_dashboard, name="staff-dashboard"),
]
