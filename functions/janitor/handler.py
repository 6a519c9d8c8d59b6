"""janitor Lambda: EventBridge schedules → one lifecycle job (repair, expire, decay, retention, …)."""

from engram.runtime.coldstart import cold_start

with cold_start():  # settings from ENGRAM_* and adapters, once, without the garbage collector
    from aws_lambda_powertools.utilities.parser import envelopes, parse
    from aws_lambda_powertools.utilities.typing import LambdaContext

    from engram.observability import logger, metrics
    from engram.runtime.container import from_settings
    from engram.runtime.janitor_wiring import janitor_for
    from engram.usecases.janitor.runner import JanitorDetail

    janitor = janitor_for(from_settings())

SAFETY_MS = 60_000  # stop starting batches when less than this is left of the invocation


@logger.inject_lambda_context
@metrics.log_metrics
def handler(event: dict, context: LambdaContext) -> dict:
    detail = parse(event=event, model=JanitorDetail, envelope=envelopes.EventBridgeEnvelope)
    report = janitor.run(
        detail.job,
        dry_run=detail.dry_run,
        redrive=detail.redrive,
        max_batches=detail.max_batches,
        keep_going=lambda: context.get_remaining_time_in_millis() > SAFETY_MS,
    )
    logger.info("janitor run", extra=report.summary())
    return report.model_dump(mode="json")
