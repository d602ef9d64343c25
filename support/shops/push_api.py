"""The push API for a shop's own server: PUT one product or order by its key, or a
batch of them, authenticated by the shop's API key (``Authorization: Bearer …``).
A key of one shop never writes another's (403). Thin views: rows.py checks, writes.py
writes, in one transaction, idempotently."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.parsers import JSONParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from support.models import Shop
from support.shops.files import Kind
from support.shops.records import shop_for_key
from support.shops.rows import clean_order, clean_product
from support.shops.writes import Counts, WayIn, record_failure, write_orders, write_products

MAX_BATCH = 1000
KEY_FIELD = {Kind.PRODUCTS: "sku", Kind.ORDERS: "number"}


class ProductIn(serializers.Serializer):
    sku = serializers.CharField(max_length=50, required=False, help_text="Must match the URL.")
    name = serializers.CharField(max_length=200)
    price = serializers.DecimalField(max_digits=12, decimal_places=2, min_value=0)
    currency = serializers.CharField(min_length=3, max_length=3, required=False)
    in_stock = serializers.BooleanField()
    warranty = serializers.CharField(max_length=100, required=False, allow_null=True)
    category = serializers.CharField(
        max_length=100,
        required=False,
        allow_blank=True,
        allow_null=True,
        help_text="The kind the shop files it under; left out, empty or null: none.",
    )


class OrderItem(serializers.Serializer):
    sku = serializers.CharField(max_length=50)
    name = serializers.CharField(max_length=200, required=False)
    qty = serializers.IntegerField(min_value=1, max_value=10000, required=False)


class OrderIn(serializers.Serializer):
    number = serializers.RegexField(r"^\d{1,10}$", required=False, help_text="Must match the URL.")
    customer_email = serializers.EmailField()
    customer_name = serializers.CharField(max_length=200, required=False)
    status = serializers.ChoiceField(choices=["pending", "shipped", "delivered", "cancelled"])
    eta = serializers.DateField(required=False, allow_null=True)
    total = serializers.DecimalField(max_digits=12, decimal_places=2, min_value=0)
    currency = serializers.CharField(min_length=3, max_length=3, required=False)
    items = OrderItem(many=True, required=False)
    status_updated_at = serializers.DateTimeField(required=False, allow_null=True)


class ProductBatchIn(serializers.Serializer):
    products = ProductIn(many=True, help_text=f"At most {MAX_BATCH}; each with its sku.")


class OrderBatchIn(serializers.Serializer):
    orders = OrderIn(many=True, help_text=f"At most {MAX_BATCH}; each with its number.")


class WriteResult(serializers.Serializer):
    result = serializers.ChoiceField(choices=["created", "updated", "unchanged"])


class BatchResult(serializers.Serializer):
    created = serializers.IntegerField()
    updated = serializers.IntegerField()
    unchanged = serializers.IntegerField()


class Problem(serializers.Serializer):
    index = serializers.IntegerField(required=False, help_text="Position in a batch.")
    field = serializers.CharField()
    message = serializers.CharField()


class Problems(serializers.Serializer):
    errors = Problem(many=True)


class Detail(serializers.Serializer):
    detail = serializers.CharField()


ERRORS = {
    400: OpenApiResponse(Problems, description="A field is wrong or missing; nothing written."),
    401: OpenApiResponse(Detail, description="No API key, or not a valid one."),
    403: OpenApiResponse(Detail, description="The key belongs to another shop."),
    404: OpenApiResponse(Detail, description="No such shop."),
    415: OpenApiResponse(Detail, description="The body is not JSON."),
}


class PushView(APIView):
    authentication_classes: list[Any] = []
    permission_classes: list[Any] = []
    throttle_classes: list[Any] = []
    parser_classes = [JSONParser]
    kind = Kind.PRODUCTS

    def put_rows(self, shop: Shop, raws: Any, *, single: bool) -> Response:
        if not isinstance(raws, list) or not raws or len(raws) > MAX_BATCH:
            return _bad(shop, self.kind, [(None, str(self.kind), f"expected 1 to {MAX_BATCH}")])
        clean = clean_product if self.kind is Kind.PRODUCTS else clean_order
        rows, problems, seen = [], [], set()
        for index, raw in enumerate(raws):
            where = None if single else index
            if not isinstance(raw, dict):
                problems.append((where, "body", "expected a JSON object"))
                continue
            row, found = clean(raw, currency=shop.currency)
            problems += [(where, field, message) for field, message in found]
            if row is not None and row.key in seen:
                problems.append((where, KEY_FIELD[self.kind], f"duplicate {row.key!r}"))
            elif row is not None:
                seen.add(row.key)
                rows.append(row)
        if problems:
            return _bad(shop, self.kind, problems)
        write = write_products if self.kind is Kind.PRODUCTS else write_orders
        counts = write(shop=shop, rows=rows, way=WayIn.PUSH, label=f"push {shop.slug}")
        if single:
            return Response({"result": _single(counts)})
        return Response(
            {"created": counts.created, "updated": counts.updated, "unchanged": counts.unchanged}
        )

    def put_one(self, request: Request, slug: str, key: str) -> Response:
        shop = _authorised_shop(request, slug)  # before the body is even parsed
        if isinstance(shop, Response):
            return shop
        body, field = request.data, KEY_FIELD[self.kind]
        if isinstance(body, dict):
            if str(body.get(field, key)) != key:
                return _bad(shop, self.kind, [(None, field, f"differs from the URL's {key!r}")])
            body = {**body, field: key}
        return self.put_rows(shop, [body], single=True)

    def put_batch(self, request: Request, slug: str) -> Response:
        shop = _authorised_shop(request, slug)
        if isinstance(shop, Response):
            return shop
        data = request.data
        return self.put_rows(
            shop, data.get(str(self.kind)) if isinstance(data, dict) else None, single=False
        )


class ProductView(PushView):
    kind = Kind.PRODUCTS

    @extend_schema(
        operation_id="shops_product_put",
        request=ProductIn, responses={200: WriteResult, **ERRORS}, tags=["shop data"],
        summary="Create or update one product of the shop (idempotent).",
    )  # fmt: skip
    def put(self, request: Request, slug: str, sku: str) -> Response:
        return self.put_one(request, slug, sku)


class OrderView(PushView):
    kind = Kind.ORDERS

    @extend_schema(
        operation_id="shops_order_put",
        request=OrderIn, responses={200: WriteResult, **ERRORS}, tags=["shop data"],
        summary="Create or update one order of the shop (idempotent).",
    )  # fmt: skip
    def put(self, request: Request, slug: str, number: str) -> Response:
        return self.put_one(request, slug, number)


class ProductBatchView(PushView):
    kind = Kind.PRODUCTS

    @extend_schema(
        operation_id="shops_products_put_batch",
        request=ProductBatchIn, responses={200: BatchResult, **ERRORS}, tags=["shop data"],
        summary="Create or update many products at once: all or nothing.",
    )  # fmt: skip
    def put(self, request: Request, slug: str) -> Response:
        return self.put_batch(request, slug)


class OrderBatchView(PushView):
    kind = Kind.ORDERS

    @extend_schema(
        operation_id="shops_orders_put_batch",
        request=OrderBatchIn, responses={200: BatchResult, **ERRORS}, tags=["shop data"],
        summary="Create or update many orders at once: all or nothing.",
    )  # fmt: skip
    def put(self, request: Request, slug: str) -> Response:
        return self.put_batch(request, slug)


def _authorised_shop(request: Request, slug: str) -> Shop | Response:
    header = request.headers.get("Authorization", "")
    key = header[len("Bearer ") :].strip() if header.startswith("Bearer ") else ""
    if not key:
        return _detail(
            status.HTTP_401_UNAUTHORIZED, "send the shop's key as Authorization: Bearer KEY"
        )
    shop = shop_for_key(key)
    if shop is None:
        return _detail(status.HTTP_401_UNAUTHORIZED, "this API key is not valid")
    if shop.slug != slug:
        if Shop.objects.filter(slug=slug).exists():
            return _detail(status.HTTP_403_FORBIDDEN, "this API key belongs to another shop")
        return _detail(status.HTTP_404_NOT_FOUND, f"no shop {slug[:50]!r}")
    return shop


def _bad(shop: Shop, kind: Kind, problems: list[tuple[int | None, str, str]]) -> Response:
    errors = [
        {**({"index": i} if i is not None else {}), "field": f, "message": m}
        for i, f, m in problems[:200]
    ]
    lines = [f"{'' if i is None else f'[{i}] '}{f}: {m}" for i, f, m in problems]
    record_failure(shop=shop, way=WayIn.PUSH, what=kind, problems=lines)
    return Response({"errors": errors}, status=status.HTTP_400_BAD_REQUEST)


def _detail(code: int, text: str) -> Response:
    response = Response({"detail": text}, status=code)
    if code == status.HTTP_401_UNAUTHORIZED:
        response["WWW-Authenticate"] = 'Bearer realm="shop"'
    return response


def _single(counts: Counts) -> str:
    return "created" if counts.created else "updated" if counts.updated else "unchanged"
