"""The guard log's staff pages (mounted at /staff/guards/ in config/urls.py)."""

from django.urls import path

from guards import staff_views

urlpatterns = [
    path("", staff_views.guardlog_list, name="guardlog-list"),
    path("<int:log_id>/", staff_views.guardlog_detail, name="guardlog-detail"),
    path(
        "<int:log_id>/false-positive/",
        staff_views.guardlog_mark_false_positive,
        name="guardlog-false-positive",
    ),
]
