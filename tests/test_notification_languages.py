"""A notification is stored once and said in its recipient's language where it leaves: the
text and every label of the Discord and Slack bodies; one stored before reads as it was."""

import json
import uuid
from datetime import UTC, datetime

from app.models.notification import EndpointFormat
from app.notifications import messages, speech
from app.notifications.formats import render

CAMPAIGN = uuid.UUID(int=7)
AT = datetime(2030, 6, 1, 12, 0, tzinfo=UTC)


def test_a_stored_notification_is_said_in_french_and_in_english() -> None:
    data = messages.turn_started(CAMPAIGN, "Marches", 3, AT, 2, personal=False)
    kept = json.loads(speech.stored_json(data, "fr"))

    assert kept["text"] == (
        "Turn 3 of Marches has begun. 2 battle(s) wait for a result. "
        "Deadline: 2030-06-01 12:00 UTC."
    )
    assert speech.said(kept).text == (
        "Le tour 3 de Marches a commencé. 2 bataille(s) attendent un résultat. "
        "Échéance : 2030-06-01 12:00 UTC."
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
