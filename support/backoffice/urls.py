"""The back office pages (mounted under /staff/ in config/urls.py)."""

from django.urls import path

from support.backoffice import (
    guard_log,
    inbox,
    privacy_requests,
    refund_queue,
    shop_data,
    unanswered,
)
from support.backoffice.dashboard import staff_dashboard

urlpatterns = [
    path("", staff_dashboard, name="staff-dashboard"),
    path("refunds/", refund_queue.refund_queue, name="refund-queue"),
    path("refunds/<int:pk>/decide/", refund_queue.refund_decide, name="refund-decide"),
    path("inbox/", inbox.inbox_list, name="inbox-list"),
    path("inbox/<slug:public_id>/", inbox.inbox_detail, name="inbox-detail"),
    path("inbox/<slug:public_id>/reply/", inbox.inbox_reply, name="inbox-reply"),
    path("inbox/<slug:public_id>/close/", inbox.inbox_close, name="inbox-close"),
    path("inbox/<slug:public_id>/return/", inbox.inbox_return, name="inbox-return"),
    path("shops/", shop_data.shop_list, name="shop-list"),
    path("shops/<slug:slug>/", shop_data.shop_detail, name="shop-detail"),
    path("privacy/", privacy_requests.privacy_page, name="privacy-requests"),
    path("privacy/export/", privacy_requests.privacy_export, name="privacy-export"),
    path("privacy/erase/", privacy_requests.privacy_erase, name="privacy-erase"),
    path("unanswered/", unanswered.unanswered_list, name="unanswered-list"),
    path(
        "unanswered/<int:message_id>/",
        unanswered.unanswered_group_view,
        name="unanswered-group",
    ),
    path(
        "unanswered/<int:message_id>/add-phrasing/",
        unanswered.unanswered_add_phrasing,
        name="unanswered-add-phrasing",
    ),
    path(
        "unanswered/<int:message_id>/new-document/",
        unanswered.unanswered_new_document,
        name="unanswered-new-document",
    ),
    path("guards/", guard_log.guardlog_list, name="guardlog-list"),
    path("guards/<int:log_id>/", guard_log.guardlog_detail, name="guardlog-detail"),
    path(
        "guards/<int:log_id>/false-positive/",
        guard_log.guardlog_mark_false_positive,
        name="guardlog-false-positive",
    ),
]
