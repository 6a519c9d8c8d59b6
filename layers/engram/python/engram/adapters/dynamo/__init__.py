"""The AWS stores: DynamoDB (one table, conditional writes) and the SQS job queue."""
