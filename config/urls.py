from django.contrib import admin
from django.urls import include, path
from django.views.generic import RedirectView

from config.staff_login import staff_login

urlpatterns = [
    # The admin logs in through the same page, so the lockout covers it too.
    path("admin/login/", RedirectView.as_view(url="/accounts/login/", query_string=True)),
    path("admin/", admin.site.urls),
    path("accounts/login/", staff_login, name="login"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("staff/corpus/", include("knowledge.staff_urls")),
    path("staff/", include("support.backoffice.urls")),
    path("", include("support.demo.urls")),
    path("", include("support.customer.urls")),
    path("", include("support.shops.urls")),
]
