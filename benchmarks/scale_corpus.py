"""knowledge_scale.py's synthetic corpus: shop words with Zipf-like frequencies,
clustered embeddings, and the query set (seeded, reproducible)."""

from __future__ import annotations

import numpy as np

# A phrasing vector is its chunk's vector plus this much noise per dimension.
PHRASING_NOISE = 0.025
SEED = 20240611
DIMENSIONS = 384
CENTROIDS = 1_000
# Per-dimension noise around a centroid: chunk-to-centroid cosine ~0.85, in the
# range where e5's cosines crowd.
CHUNK_NOISE = 0.032
QUERY_NOISE = 0.020
CHUNKS_PER_DOCUMENT = 10
# Share of a language's chunks that contain its commonest core word.
DF_TOP = 0.5

CORE_ES = (
    "pedido envío compra producto precio pago tarjeta cuotas entrega días domicilio "
    "sucursal garantía devolución cambio factura stock disponible retiro correo "
    "cliente cuenta dirección semana horario lunes viernes sábado descuento oferta "
    "promoción transferencia efectivo reembolso plazo hábiles seguimiento código "
    "número teléfono celular notebook televisor auricular cargador batería pantalla "
    "técnico servicio reparación usado canje valor nuevo modelo marca caja embalaje "
    "paquete costo gratis mínimo total interés banco mercado billetera confirmación "
    "correo electrónico mensaje consulta reclamo problema falla defecto fábrica meses "
    "año vigente tienda local ciudad provincia córdoba rosario mendoza buenos aires "
    "capital interior zona rápido normal express moto camioneta transporte demora"
).split()
CORE_EN = (
    "order delivery purchase product price payment card instalments shipping days "
    "home store warranty return exchange invoice stock available pickup courier "
    "customer account address week hours monday friday saturday discount offer "
    "promotion transfer cash refund deadline business tracking code number phone "
    "mobile laptop television headphones charger battery screen technician service "
    "repair used trade value new model brand box packaging parcel cost free minimum "
    "total interest bank wallet confirmation email message question complaint issue "
    "fault defect factory months year valid shop branch city province region fast "
    "standard express motorbike van transport delay receipt checkout basket"
).split()
SYLLABLES = (
    "ba be bi bo bu ca ce ci co cu da de di do du fa fe fi fo ga ge go la le li lo lu "
    "ma me mi mo mu na ne ni no nu pa pe pi po pu ra re ri ro ru sa se si so su ta te "
    "ti to tu va ve vi vo za zo tra tre tri cla clo pla ple bra bro gra gro"
).split()


# --------------------------------------------------------------------------------
# Synthetic corpus
# --------------------------------------------------------------------------------


def pseudo_words(rng: np.random.Generator, count: int) -> list[str]:
    words: set[str] = set()
    while len(words) < count:
        n = int(rng.integers(3, 5))
        words.add("".join(rng.choice(SYLLABLES, size=n)))
    return sorted(words)


class Corpus:
    """Seeded synthetic chunks: text, language, codes, cluster and embedding."""

    def __init__(self, n: int, rng: np.random.Generator) -> None:
        self.n = n
        self.rng = rng
        self.rare = pseudo_words(rng, 6_000)
        # Each cluster has 6 topic words (shared by ~100 chunks each at 100k).
        self.topic_words = [
            [self.rare[i] for i in rng.choice(len(self.rare), size=6, replace=False)]
            for _ in range(CENTROIDS)
        ]
        self.df = {
            "es": DF_TOP / np.arange(1, len(CORE_ES) + 1) ** 0.9,
            "en": DF_TOP / np.arange(1, len(CORE_EN) + 1) ** 0.9,
        }
        self.zipf = {lang: df / df.sum() for lang, df in self.df.items()}
        self.core = {"es": CORE_ES, "en": CORE_EN}
        self.core_arr = {
            "es": np.asarray(CORE_ES, dtype=object),
            "en": np.asarray(CORE_EN, dtype=object),
        }
        self.rare_arr = np.asarray(self.rare, dtype=object)
        centroids = rng.standard_normal((CENTROIDS, DIMENSIONS)).astype(np.float32)
        self.centroids = centroids / np.linalg.norm(centroids, axis=1, keepdims=True)
        self.cluster = rng.integers(0, CENTROIDS, size=n)
        self.language = np.where(rng.random(n) < 0.5, "es", "en")
        self.sku = np.where(rng.random(n) < 0.3, rng.integers(10_000, 100_000, size=n), 0)
        self.topic_arr = np.asarray(self.topic_words, dtype=object)

    def embeddings(self, start: int, stop: int) -> np.ndarray:
        noise = self.rng.standard_normal((stop - start, DIMENSIONS)).astype(np.float32)
        vectors = self.centroids[self.cluster[start:stop]] + CHUNK_NOISE * noise
        return vectors / np.linalg.norm(vectors, axis=1, keepdims=True)

    def phrasing_vectors(self, chunk_vectors: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(owner index, vector) of 1-2 phrasings per chunk: the question for every
        chunk, an alternative phrasing for half of them."""
        n = len(chunk_vectors)
        owners = np.concatenate([np.arange(n), np.flatnonzero(self.rng.random(n) < 0.5)])
        owners.sort(kind="stable")
        noise = self.rng.standard_normal((len(owners), DIMENSIONS)).astype(np.float32)
        vectors = chunk_vectors[owners] + PHRASING_NOISE * noise
        return owners, vectors / np.linalg.norm(vectors, axis=1, keepdims=True)

    def texts(self, start: int, stop: int) -> list[tuple[str, str]]:
        """(question, text) for chunks start..stop. Core word r of the chunk's
        language is present with probability DF_TOP / r^0.9 (the commonest in about
        half the chunks of its language, the 110th in ~0.7 %); then 8-20 cluster
        topic words and 15-30 rare words; shuffled."""
        rng = self.rng
        b = stop - start
        langs = self.language[start:stop]
        present = {lang: rng.random((b, len(self.core[lang]))) < self.df[lang] for lang in self.df}
        n_topic = rng.integers(8, 21, size=b)
        n_rare = rng.integers(15, 31, size=b)
        topic = self.topic_arr[self.cluster[start:stop, None], rng.integers(0, 6, (b, 20))]
        rare = self.rare_arr[rng.integers(0, len(self.rare), (b, 30))]
        q_len = rng.integers(5, 10, size=b)
        out = []
        for k in range(b):
            lang = langs[k]
            words = [self.core[lang][j] for j in np.flatnonzero(present[lang][k])]
            words += list(topic[k, : n_topic[k]]) + list(rare[k, : n_rare[k]])
            rng.shuffle(words)
            question = " ".join(words[: q_len[k]]).capitalize()
            question = f"¿{question}?" if lang == "es" else f"{question}?"
            body = words[q_len[k] :]
            if self.sku[start + k]:
                body.insert(int(rng.integers(0, len(body) + 1)), f"SKU-{self.sku[start + k]}")
            out.append((question, " ".join(body).capitalize() + "."))
        return out

    def codes(self, i: int) -> list[str]:
        """What knowledge.codes.extract_codes gives for the chunk's text."""
        return [f"SKU{self.sku[i]}", str(self.sku[i])] if self.sku[i] else []

    def chunk_text(self, i: int) -> tuple[str, str]:
        return self.texts(i, i + 1)[0]


def query_set(corpus: Corpus, count: int, rng: np.random.Generator) -> list[dict]:
    """Queries aimed at a chunk: 1-2 of its topic words, 1-4 Zipf core words (so
    common words appear as often as customers type them), a code in 20 %."""
    with_sku = np.flatnonzero(corpus.sku)
    queries = []
    for q in range(count):
        if q % 5 == 0 and len(with_sku):
            target = int(rng.choice(with_sku))
        else:
            target = int(rng.integers(0, corpus.n))
        lang = str(corpus.language[target])
        topic = list(rng.choice(corpus.topic_words[corpus.cluster[target]], size=2))
        core = list(
            rng.choice(
                corpus.core[lang], size=int(rng.integers(1, 5)), p=corpus.zipf[lang], replace=False
            )
        )
        words = [str(w) for w in topic[: int(rng.integers(1, 3))] + core]
        rng.shuffle(words)
        if q % 5 == 0 and corpus.sku[target]:
            words.append(f"SKU-{corpus.sku[target]}")
        queries.append({"target": target, "language": lang, "text": " ".join(words)})
    return queries
