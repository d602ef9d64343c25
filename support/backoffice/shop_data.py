"""The shops' staff pages (/staff/shops/): each shop's products and orders (searched,
read only), when each way in last wrote and the errors of the last refused import
or push. Agents (they answer about orders) and editors (the catalogue) may read."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from config.staff_access import StaffGroup, staff_required
from support.shops import selectors

SHOP_GROUPS = (StaffGroup.AGENTS, StaffGroup.EDITORS)


@require_GET
@staff_required(*SHOP_GROUPS)
def shop_list(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "support/staff/shops/list.html",
        {"nav": "shops", "shops": selectors.shops_for_staff()},
    )


@require_GET
@staff_required(*SHOP_GROUPS)
def shop_detail(request: HttpRequest, slug: str) -> HttpResponse:
    shop = selectors.shop_by_slug(slug)
    if shop is None:
        raise Http404("no such shop")
    query = request.GET.get("q", "").strip()[:100]
    context = {
        "nav": "shops",
        "shop": shop,
        "query": query,
        "products": selectors.shop_products(shop, query=query),
        "orders": selectors.shop_orders(shop, query=query),
        "ways": selectors.ways_in(shop),
        "page": selectors.PAGE,
    }
    return render(request, "support/staff/shops/detail.html", context)
