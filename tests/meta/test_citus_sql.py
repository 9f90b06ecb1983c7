"""The check of every statement against what Citus refuses (tests/factories/citus_sql.py) finds
the statements a real cluster refused (issue 50) and passes those that replaced them."""

import pytest

from tests.factories.citus_sql import refusals

# What the code sent before issue 50, each refused by Citus 13.2 on the distributed schema.
REFUSED_ON_THE_CLUSTER = [
    # The deadline sweeper's and the reminders' claim: a lock over all campaigns.
    "SELECT campaigns.id, campaigns.name FROM campaigns WHERE campaigns.status = $1 "
    "ORDER BY campaigns.id LIMIT $2::INTEGER FOR NO KEY UPDATE SKIP LOCKED",
    # The rate limiter's take: the database's clock in RETURNING.
    "INSERT INTO rate_limits (key, full_at) VALUES ($1::VARCHAR, now() + $2::INTERVAL) "
    "ON CONFLICT (key) DO UPDATE SET full_at = (greatest(rate_limits.full_at, now()) + "
    "$3::INTERVAL) WHERE greatest(rate_limits.full_at, now()) + $4::INTERVAL <= now() + "
    "$5::INTERVAL RETURNING EXTRACT(epoch FROM rate_limits.full_at - now()) AS anon_1",
    # The inbox's mark-read: a lock on a campaign's rows found by user and id only.
    "SELECT notification_inbox.campaign_id FROM notification_inbox WHERE "
    "notification_inbox.user_id = $1::UUID AND notification_inbox.id = $2::BIGINT FOR UPDATE",
    # A lock inside a subquery of a statement on a distributed table.
    "DELETE FROM turns WHERE (turns.campaign_id, turns.number) IN (SELECT turns.campaign_id, "
    "turns.number FROM turns LIMIT $1::INTEGER FOR UPDATE SKIP LOCKED)",
]

RUN_ON_THE_CLUSTER = [
    # The claims that replaced them: ids without a lock, then one campaign locked.
    "SELECT campaigns.id FROM campaigns WHERE campaigns.status = $1 AND campaigns.id > $2::UUID "
    "ORDER BY campaigns.id LIMIT $3::INTEGER",
    "SELECT campaigns.id, campaigns.name FROM campaigns WHERE campaigns.id = $1::UUID "
    "FOR NO KEY UPDATE",
    "INSERT INTO rate_limits (key, full_at) VALUES ($1::VARCHAR, $2::TIMESTAMP WITH TIME ZONE "
    "+ $3::INTERVAL) ON CONFLICT (key) DO UPDATE SET full_at = (greatest(rate_limits.full_at, "
    "$2::TIMESTAMP WITH TIME ZONE) + $3::INTERVAL) RETURNING EXTRACT(epoch FROM "
    "rate_limits.full_at - $2::TIMESTAMP WITH TIME ZONE) AS anon_1",
    "SELECT notification_inbox.campaign_id FROM notification_inbox WHERE "
    "notification_inbox.campaign_id = $1::UUID AND notification_inbox.id = $2::BIGINT FOR UPDATE",
    # Locks on coordinator and reference tables, in a subquery too: Citus runs them.
    "UPDATE tokens SET last_used_at=$1::TIMESTAMP WITH TIME ZONE WHERE tokens.id = (SELECT "
    "tokens.id FROM tokens WHERE tokens.id = $2::UUID FOR UPDATE SKIP LOCKED)",
    "SELECT users.id FROM users WHERE users.id = $1::UUID FOR UPDATE",
    "SELECT 1 FROM campaigns WHERE id = $1 FOR SHARE",
    # The database's clock outside RETURNING is fine.
    "SELECT count(*) FROM rate_limits WHERE rate_limits.full_at > now()",
]


@pytest.mark.parametrize("sql", REFUSED_ON_THE_CLUSTER)
def test_what_the_cluster_refused_is_found(sql: str) -> None:
    assert refusals(sql)


@pytest.mark.parametrize("sql", RUN_ON_THE_CLUSTER)
def test_what_the_cluster_runs_passes(sql: str) -> None:
    assert refusals(sql) == []
