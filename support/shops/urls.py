"""The push API for a shop's server (mounted at the site root in config/urls.py)."""

from django.urls import path

from support.shops import push_api

urlpatterns = [
    path(
        "api/shops/<slug:slug>/products/",
        push_api.ProductBatchView.as_view(),
        name="api-shop-products",
    ),
    path(
        "api/shops/<slug:slug>/products/<str:sku>",
        push_api.ProductView.as_view(),
        name="api-shop-product",
    ),
    path(
        "api/shops/<slug:slug>/orders/", push_api.OrderBatchView.as_view(), name="api-shop-orders"
    ),
    path(
        "api/shops/<slug:slug>/orders/<str:number>",
        push_api.OrderView.as_view(),
        name="api-shop-order",
    ),
]
