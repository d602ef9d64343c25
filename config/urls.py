from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("django.contrib.auth.urls")),
    path("staff/corpus/", include("knowledge.staff_urls")),
    path("staff/guards/", include("guards.staff_urls")),
    path("staff/", include("support.dashboard_urls")),
    path("staff/", include("support.staff_urls")),
    path("", include("support.urls")),
]
