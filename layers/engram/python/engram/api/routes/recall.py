"""The recall route: `POST /v1/memories/search`, hybrid search with its sources on request."""

from __future__ import annotations

from aws_lambda_powertools.event_handler.api_gateway import Router

from engram.api.contract import AUTH, AUTHENTICATED, BODY, RECALL, responses
from engram.api.recall import SearchRequest, SearchResponse, recall_query, search_response
from engram.api.routing import new_router, tenant, tenant_for
from engram.api.services import Services


def router(c: Services) -> Router:
    routes = new_router()

    @routes.post(
        "/v1/memories/search",
        summary="recall: hybrid BM25 + k-NN, weighted, explainable",
        tags=[RECALL],
        security=AUTHENTICATED,
        responses=responses({200: (SearchResponse, "the best matches, best first")}, *BODY, *AUTH, 503),
    )
    def search_route(body: SearchRequest) -> SearchResponse:
        results = c.recall(recall_query(tenant_for(routes, body.user_id), body))
        if not body.expand:
            return search_response(results, body.explain)
        sources = c.session_reads.sources(tenant(routes), [r.memory for r in results])
        return search_response(results, body.explain, sources)

    return routes
