"""The back office pages of this app (mounted under /staff/ in config/urls.py)."""

from django.urls import path

from support.staff_views import inbox, refunds

urlpatterns = [
    path("refunds/", refunds.refund_queue, name="refund-queue"),
    path("refunds/<int:pk>/decide/", refunds.refund_decide, name="refund-decide"),
    path("inbox/", inbox.inbox_list, name="inbox-list"),
    path("inbox/<slug:public_id>/", inbox.inbox_detail, name="inbox-detail"),
    path("inbox/<slug:public_id>/reply/", inbox.inbox_reply, name="inbox-reply"),
    path("inbox/<slug:public_id>/close/", inbox.inbox_close, name="inbox-close"),
    path("inbox/<slug:public_id>/return/", inbox.inbox_return, name="inbox-return"),
]
