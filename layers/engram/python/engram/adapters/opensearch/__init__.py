"""The AWS search index: OpenSearch k-NN and BM25 in one index."""
