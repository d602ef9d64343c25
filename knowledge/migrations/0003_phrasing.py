# Phrasing vectors: one row per way of asking a chunk's question.

import django.db.models.deletion
import pgvector.django.indexes
import pgvector.django.vector
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('knowledge', '0002_document_index_state'),
    ]

    operations = [
        migrations.CreateModel(
            name='Phrasing',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('position', models.PositiveIntegerField()),
                ('text', models.TextField()),
                ('embedding', pgvector.django.vector.VectorField(dimensions=384, null=True)),
                ('embedding_model', models.CharField(blank=True, max_length=100)),
                ('chunk', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='phrasings', to='knowledge.chunk')),
            ],
            options={
                'ordering': ['chunk', 'position'],
                'indexes': [pgvector.django.indexes.HnswIndex(ef_construction=64, fields=['embedding'], m=16, name='phrasing_embedding_hnsw', opclasses=['vector_cosine_ops'])],
                'constraints': [models.UniqueConstraint(fields=('chunk', 'position'), name='phrasing_position_unique')],
            },
        ),
    ]
