"""Writes to the knowledge base, by sub-domain: ``importing`` (Markdown files into
documents and chunks), ``editing`` (the back office's edits, audited; ``also_asked``
adds one phrasing), ``synonyms`` (a shop's synonyms dictionary), ``reindexing`` (the
re-index task, `knowledge reembed`) and ``suggestions`` (the model's proposed
phrasings, pending until an editor decides). Callers import from here."""

from knowledge.services.also_asked import PhrasingAdded, chunk_add_phrasing
from knowledge.services.editing import (
    DuplicateSlugError,
    chunk_set_enabled,
    document_create,
    document_delete,
    document_update,
)
from knowledge.services.importing import (
    ImportFileError,
    ImportResult,
    StaleEditError,
    collect_document_files,
    document_import,
    knowledge_import_path,
    read_document_file,
)
from knowledge.services.reindexing import document_reindex, knowledge_reembed
from knowledge.services.suggestions import (
    SuggestionDecisionError,
    SuggestionRun,
    suggest_phrasings,
    suggestion_accept,
    suggestion_reject,
)
from knowledge.services.synonyms import SynonymsSaved, synonyms_set

__all__ = [
    "DuplicateSlugError",
    "ImportFileError",
    "ImportResult",
    "PhrasingAdded",
    "StaleEditError",
    "SuggestionDecisionError",
    "SuggestionRun",
    "SynonymsSaved",
    "chunk_add_phrasing",
    "chunk_set_enabled",
    "collect_document_files",
    "document_create",
    "document_delete",
    "document_import",
    "document_reindex",
    "document_update",
    "knowledge_import_path",
    "knowledge_reembed",
    "read_document_file",
    "suggest_phrasings",
    "suggestion_accept",
    "suggestion_reject",
    "synonyms_set",
]
