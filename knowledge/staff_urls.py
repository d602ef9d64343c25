"""The back office pages of this app (mounted under /staff/corpus/ in config/urls.py)."""

from django.urls import path

from knowledge import (
    staff_lint_views,
    staff_suggestion_views,
    staff_synonyms_views,
    staff_views,
)

urlpatterns = [
    path("", staff_views.document_list, name="corpus-list"),
    path("new/", staff_views.document_create, name="corpus-create"),
    path("preview/", staff_views.document_preview, name="corpus-preview"),
    path("lint/", staff_lint_views.corpus_lint, name="corpus-lint"),
    path("try/", staff_lint_views.try_question, name="corpus-try"),
    path("synonyms/", staff_synonyms_views.synonyms_list, name="corpus-synonyms"),
    path("synonyms/shared/", staff_synonyms_views.synonyms_shared, name="corpus-synonyms-shared"),
    path(
        "synonyms/shop/<str:shop>/",
        staff_synonyms_views.synonyms_shop,
        name="corpus-synonyms-shop",
    ),
    path("<slug:slug>/edit/", staff_views.document_edit, name="corpus-edit"),
    path("<slug:slug>/status/", staff_views.document_status, name="corpus-status"),
    path("<slug:slug>/chunks/", staff_views.document_chunks, name="corpus-chunks"),
    path(
        "<slug:slug>/chunks/<int:chunk_id>/enabled/",
        staff_views.chunk_toggle,
        name="corpus-chunk-toggle",
    ),
    path(
        "<slug:slug>/suggestions/<int:suggestion_id>/accept/",
        staff_suggestion_views.suggestion_accept,
        name="corpus-suggestion-accept",
    ),
    path(
        "<slug:slug>/suggestions/<int:suggestion_id>/reject/",
        staff_suggestion_views.suggestion_reject,
        name="corpus-suggestion-reject",
    ),
    path("<slug:slug>/lint/", staff_lint_views.document_lint, name="corpus-document-lint"),
    path("<slug:slug>/delete/", staff_views.document_delete, name="corpus-delete"),
]
