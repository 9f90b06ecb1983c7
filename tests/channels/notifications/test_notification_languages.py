"""A notification is stored once and said in its recipient's language where it leaves: the
text and every label of the Discord and Slack bodies; one stored before reads as it was."""

import json
import uuid
from datetime import UTC, datetime
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser

from app.channels.notifications import messages, speech
from app.channels.notifications.email import render as render_email
from app.channels.notifications.formats import render
from app.platform.config import Settings
from app.store.models import EmailDelivery
from app.store.models.notification import EndpointFormat

CAMPAIGN = uuid.UUID(int=7)
AT = datetime(2030, 6, 1, 12, 0, tzinfo=UTC)
PUBLIC = "https://marchlords.test"


def test_a_stored_notification_is_said_in_french_and_in_english() -> None:
    data = messages.turn_started(CAMPAIGN, "Marches", 3, AT, 2, personal=False)
    kept = json.loads(speech.stored_json(data, "fr"))

    assert kept["text"] == (
        "Turn 3 of Marches has begun. 2 battles wait for a result. Deadline: 2030-06-01 12:00 UTC."
    )
    assert speech.said(kept).text == (
        "Le tour 3 de Marches a commencé. 2 batailles attendent un résultat. "
        "Échéance\u00a0: 2030-06-01 12:00 UTC."
    )
    assert speech.said(kept, "en").text == kept["text"]


def test_discord_and_slack_bodies_speak_the_deliverys_language() -> None:
    data = messages.turn_started(CAMPAIGN, "Marches", 3, AT, 2, personal=False)
    said = speech.said(json.loads(speech.stored_json(data, "fr")))

    discord = json.loads(render(EndpointFormat.DISCORD, said, AT, None, "fr"))
    (embed,) = discord["embeds"]
    assert embed["title"] == "Tour commencé"
    assert [f["name"] for f in embed["fields"]] == [
        "Campagne",
        "Tour",
        "Échéance",
        "Batailles en attente",
        "Lien",
    ]
    assert discord["content"].startswith("Le tour 3 de Marches a commencé")
    slack = json.loads(render(EndpointFormat.SLACK, said, AT, None, "fr"))
    assert "· tour 3 ·" in slack["blocks"][1]["elements"][0]["text"]
    english = json.loads(render(EndpointFormat.DISCORD, data, AT, None))
    assert english["embeds"][0]["title"] == "Turn started"
    assert english["embeds"][0]["fields"][0]["name"] == "Campaign"


def test_a_notification_stored_before_languages_reads_as_it_was() -> None:
    data = messages.summary_ready(CAMPAIGN, "Marches", 2)
    old = data.model_dump(mode="json")  # no kept text, no language: the English stays

    assert speech.said(old, "fr").text == "Your summary of turn 1 of Marches is ready."
    assert speech.language_of(old) == "en"


def test_a_digest_is_written_in_its_users_language() -> None:
    """The digest's subject, heading, entries and unsubscribe line, in French."""
    held = [
        speech.stored(messages.summary_ready(CAMPAIGN, "Marches", 2)),
        speech.stored(messages.message_received(CAMPAIGN, "Marches", 2)),
    ]
    row = EmailDelivery(
        user_id=uuid.UUID(int=1),
        address="p@example.org",
        kind="summary_ready",
        subject="Marchlords\u00a0: 2 notifications depuis votre dernier récapitulatif",
        text_body=json.dumps({"digest": held, "language": "fr", "unsubscribe": "secret"}),
        created_at=AT,
    )
    settings = Settings(database_url="postgresql+asyncpg://u@localhost/db", public_url=PUBLIC)

    message = BytesParser(policy=policy.default).parsebytes(render_email(row, settings).data)
    assert isinstance(message, EmailMessage)

    plain = message.get_body(preferencelist=("plain",))
    markup = message.get_body(preferencelist=("html",))
    assert isinstance(plain, EmailMessage)
    assert isinstance(markup, EmailMessage)
    assert message["Content-Language"] == "fr"
    assert plain.get_content().splitlines()[:4] == [
        "Depuis votre dernier récapitulatif\u00a0:",
        "",
        "- Marches: Votre résumé du tour 1 de Marches est prêt.",
        f"  {PUBLIC}/v1/campaigns/{CAMPAIGN}/turns/1/summary",
    ]
    assert "Un nouveau message pour vous dans Marches." in plain.get_content()
    assert f"Se désabonner: {PUBLIC}/v1/email/unsubscribe/secret" in plain.get_content()
    assert ">ouvrir</a>" in markup.get_content()
