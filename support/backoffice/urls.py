"""The back office pages (mounted under /staff/ in config/urls.py)."""

from django.urls import path

from support.backoffice import guard_log

urlpatterns = [
    path("guards/", guard_log.guardlog_list, name="guardlog-list"),
    path("guards/<int:log_id>/", guard_log.guardlog_detail, name="guardlog-detail"),
    path(
        "guards/<int:log_id>/false-positive/",
        guard_log.guardlog_mark_false_positive,
        name="guardlog-false-positive",
    ),
]
