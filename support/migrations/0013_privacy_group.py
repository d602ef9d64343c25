"""The ``privacy`` staff group: who may export or erase a customer's data from the
back office (separate from editors, refund approvers and agents)."""

from django.db import migrations


def create_privacy_group(apps, schema_editor):
    apps.get_model("auth", "Group").objects.get_or_create(name="privacy")


class Migration(migrations.Migration):
    dependencies = [
        ("support", "0012_privacy_masking_and_anonymising"),
        ("auth", "0012_alter_user_first_name_max_length"),
    ]

    operations = [migrations.RunPython(create_privacy_group, migrations.RunPython.noop)]
