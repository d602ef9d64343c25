"""python manage.py rundemo: everything the demo needs, in one command — the
database (embedded, started by the settings), a Redis broker, a Celery worker,
migrations, the demo shop, the demo staff accounts (once), the demo history (once,
while the database has none), and the site at http://127.0.0.1:8000."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

from django.conf import settings
from django.core.management import call_command, get_commands
from django.core.management.base import BaseCommand

from config.broker import start_local_broker
from support.demo.staff import ensure_demo_staff
from support.demo_history import has_demo_history

CREDENTIALS = "demo-staff.txt"  # under settings.VAR_DIR (never committed)


class Command(BaseCommand):
    help = "Run the demo: broker, worker, migrations, demo data and the web server."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--addr", default="127.0.0.1:8000")
        parser.add_argument(
            "--threads",
            type=int,
            default=None,
            help="answer worker threads (default: settings.SUPPORT_WORKER_THREADS)",
        )
        parser.add_argument(
            "--no-demo-history",
            action="store_true",
            help="do not play the scripted demo conversations (manage.py demo_history)",
        )

    def handle(self, *args, **options) -> None:
        children: list[subprocess.Popen] = []
        if "CELERY_BROKER_URL" not in os.environ:
            broker = start_local_broker(settings.BROKER_SOCKET)
            if broker:
                children.append(broker)
            self.stdout.write(f"broker: redis on {settings.BROKER_SOCKET}")
        call_command("migrate", verbosity=0)
        call_command("createcachetable", verbosity=0)
        call_command("knowledge", "import", str(settings.BASE_DIR / "knowledge" / "demo"))
        if "demo_load" in get_commands():
            call_command("demo_load")
        if not options["no_demo_history"] and not has_demo_history():
            call_command("demo_history")
        self._demo_staff(f"http://{options['addr']}{settings.LOGIN_URL}")
        python = sys.executable
        children.append(
            subprocess.Popen(
                [
                    python,
                    "-m",
                    "celery",
                    "-A",
                    "config",
                    "worker",
                    "-l",
                    "warning",
                    "--pool",
                    settings.SUPPORT_WORKER_POOL,
                    "--concurrency",
                    str(options["threads"] or settings.SUPPORT_WORKER_THREADS),
                    "-B",  # the minute sweep that re-queues unanswered messages
                ],
                cwd=settings.BASE_DIR,
            )
        )
        self.stdout.write(f"site: http://{options['addr']}/  (Ctrl-C stops everything)")
        web = subprocess.Popen(
            [python, "manage.py", "runserver", "--noreload", options["addr"]],
            cwd=settings.BASE_DIR,
        )
        children.append(web)
        try:
            web.wait()
        except KeyboardInterrupt:
            pass
        finally:
            for child in reversed(children):
                if child.poll() is None:
                    child.send_signal(signal.SIGTERM)
            for child in children:
                try:
                    child.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    child.kill()

    def _demo_staff(self, login_url: str) -> None:
        """Create the demo staff accounts once; say where to log in and with what."""
        path = settings.VAR_DIR / CREDENTIALS
        logins = ensure_demo_staff(credentials_file=path, login_url=login_url)
        self.stdout.write(f"back office: log in at {login_url}")
        for login in logins:
            groups = ", ".join(g.value for g in login.groups)
            if login.password:
                self.stdout.write(f"  {login.username} / {login.password}  ({groups})")
            else:
                self.stdout.write(f"  {login.username} exists ({groups})")
        if any(login.password for login in logins):
            self.stdout.write(f"  (also written to {path}; the passwords are shown once)")
        else:
            self.stdout.write(
                f"  passwords: {path}, written when they were created; reset one with "
                "`.venv/bin/python manage.py changepassword demo-editor`, or make your own "
                "with `.venv/bin/python manage.py staff create --group editors --username NAME`"
            )
