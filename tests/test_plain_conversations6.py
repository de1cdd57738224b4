"""Long markdown answers of a personal assistant are clean, turn by turn.

A personal assistant in the ToolTalk style logs the user in, keeps the session token and
answers the way gpt-4o writes: multi-day forecasts with highs and lows, inbox summaries with
senders, subjects and dates, a week's calendar grouped by weekday, stock quotes with change
and percent change, a calculation restated with its operands, account details read back,
durations between events, ordinals, time ranges, and plain "none" answers. Several calls run
in one turn, some fail and are reported as failed, and later turns recap earlier ones. Every
date, weekday, count and figure is right (computed while writing). A turn that is right but
still flagged is listed in ``KNOWN_FALSE_ALARMS`` and skipped, so the list says what to fix.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.test_plain_conversations import Chat, Message, checked_turns


def _system(now: str, location: str, username: str | None = None, token: str | None = None) -> str:
    """The ToolTalk metadata as a system prompt: time, place and, once logged in, the session."""
    text = (
        "You are a helpful personal assistant with access to the user's accounts, calendar, "
        "e-mail, messages, reminders, alarms, weather, stocks and a calculator. "
        f"The current time is {now}. The user's location is {location}."
    )
    if username and token:
        text += f" The user is logged in as {username} with session_token {token}."
    return text


def _event(
    eid: str, name: str, kind: str, start: str, end: str, where: str, people: list[str], about: str = ""
) -> dict[str, Any]:
    return {
        "event_id": eid,
        "name": name,
        "event_type": kind,
        "start_time": start,
        "end_time": end,
        "location": where,
        "description": about,
        "attendees": people,
    }


# --- 1. Log in, then the week's calendar grouped by weekday --------------------------------

TOKEN_MV = "3f9c1a77-52be-4d0e"
WEEK_MV = [
    _event(
        "a1f0-77c2",
        "Team standup",
        "meeting",
        "2023-09-11 09:30:00",
        "2023-09-11 10:00:00",
        "Zoom",
        ["mvelasquez", "dkhan", "lroux"],
    ),
    _event(
        "a1f0-8813",
        "Budget review",
        "meeting",
        "2023-09-11 14:00:00",
        "2023-09-11 15:30:00",
        "Room 4B",
        ["mvelasquez", "cfowler"],
        "Q4 budget lines, bring the forecast sheet",
    ),
    _event(
        "b20e-1c4d",
        "Lunch with Tom",
        "event",
        "2023-09-12 12:00:00",
        "2023-09-12 13:00:00",
        "Dishoom Shoreditch",
        ["mvelasquez", "tbaker"],
    ),
    _event(
        "c3d9-09aa",
        "Quarterly planning",
        "meeting",
        "2023-09-13 09:00:00",
        "2023-09-13 11:00:00",
        "Room 2A",
        ["mvelasquez", "dkhan", "cfowler", "aosei"],
    ),
    _event(
        "c3d9-5e71",
        "Dentist",
        "event",
        "2023-09-13 13:15:00",
        "2023-09-13 14:00:00",
        "Harley Street Dental",
        ["mvelasquez"],
    ),
    _event(
        "e5b2-4410",
        "Product demo",
        "meeting",
        "2023-09-15 16:00:00",
        "2023-09-15 17:30:00",
        "Auditorium",
        ["mvelasquez", "lroux", "aosei"],
    ),
]


def _week_calendar() -> list[Message]:
    chat = Chat(_system("2023-09-10 18:00:00", "London"))
    chat.user(
        "Log me in please — username mvelasquez, password Tangerine!42. Then show me everything "
        "I have this week, Monday to Friday."
    )
    chat.call(
        ("UserLogin", {"username": "mvelasquez", "password": "Tangerine!42"}, {"session_token": TOKEN_MV})
    )
    chat.call(
        (
            "QueryCalendar",
            {
                "session_token": TOKEN_MV,
                "start_time": "2023-09-11 00:00:00",
                "end_time": "2023-09-15 23:59:59",
            },
            {"events": WEEK_MV},
        )
    )
    chat.say(
        "You're logged in. Here's your week — **6 events** between Monday, September 11 and "
        "Friday, September 15:\n\n"
        "### Monday, September 11\n"
        "- **Team standup** — 9:30–10:00 AM, Zoom (with dkhan and lroux)\n"
        "- **Budget review** — 2:00–3:30 PM, Room 4B (with cfowler). Note: *Q4 budget lines, "
        "bring the forecast sheet*\n\n"
        "### Tuesday, September 12\n"
        "- **Lunch with Tom** — 12:00–1:00 PM at Dishoom Shoreditch (with tbaker)\n\n"
        "### Wednesday, September 13\n"
        "- **Quarterly planning** — 9:00–11:00 AM, Room 2A (with dkhan, cfowler and aosei)\n"
        "- **Dentist** — 1:15–2:00 PM at Harley Street Dental\n\n"
        "### Thursday, September 14\n"
        "- Nothing scheduled\n\n"
        "### Friday, September 15\n"
        "- **Product demo** — 4:00–5:30 PM in the Auditorium (with lroux and aosei)\n\n"
        "Monday and Wednesday have two events each; Thursday is completely free."
    )
    chat.user(
        "On Wednesday, how long do I have between the end of planning and the dentist? And who "
        "exactly is in the second meeting on Monday?"
    )
    chat.call(
        (
            "QueryUser",
            {"session_token": TOKEN_MV, "username": "cfowler"},
            {
                "users": [
                    {
                        "username": "cfowler",
                        "email": "callum.fowler@gahoo.com",
                        "phone": "020-7946-0312",
                        "name": "Callum Fowler",
                    }
                ]
            },
        )
    )
    chat.say(
        "- **Wednesday gap:** Quarterly planning ends at 11:00 AM and the dentist is at 1:15 PM, so "
        "you have **2 hours 15 minutes** in between.\n"
        "- **Monday's second meeting** is the Budget review (2:00–3:30 PM, Room 4B). Besides you, "
        "the only attendee is **Callum Fowler** (cfowler) — callum.fowler@gahoo.com, "
        "020-7946-0312."
    )
    chat.user(
        "Move the product demo to Thursday, same time, and let Lena (lroux) and Ama (aosei) know by message."
    )
    chat.call(
        (
            "ModifyEvent",
            {
                "session_token": TOKEN_MV,
                "event_id": "e5b2-4410",
                "new_start_time": "2023-09-14 16:00:00",
                "new_end_time": "2023-09-14 17:30:00",
            },
            {"status": "success"},
        ),
        (
            "SendMessage",
            {
                "session_token": TOKEN_MV,
                "receiver": "lroux",
                "message": "Hi Lena, the product demo moves to Thursday, Sept 14, 4:00-5:30 PM, same room.",
            },
            {"message_id": "f01c-2b9e-77d1"},
        ),
        (
            "SendMessage",
            {
                "session_token": TOKEN_MV,
                "receiver": "aosei",
                "message": "Hi Ama, the product demo moves to Thursday, Sept 14, 4:00-5:30 PM, same room.",
            },
            {"message_id": "f01c-2b9e-77d2"},
        ),
    )
    chat.say(
        "Done:\n\n"
        "1. **Product demo** moved to **Thursday, September 14, 4:00–5:30 PM** (still in the "
        "Auditorium).\n"
        "2. Messages sent to **Lena (lroux)** and **Ama (aosei)** telling them about the new day."
    )
    chat.user("So what do Thursday and Friday look like now?")
    chat.say(
        "- **Thursday, September 14:** just the Product demo, 4:00–5:30 PM (1 hour 30 minutes).\n"
        "- **Friday, September 15:** nothing left — the whole day is free."
    )
    return chat.messages


# --- 2. A five-day forecast with highs and lows, conversions and the monthly normals -------

TOKEN_DR = "7be2c0d4-19fa-4c33"


def _forecast_week() -> list[Message]:
    chat = Chat(_system("2023-10-02 07:40:00", "Chicago", "dreyes", TOKEN_DR))
    chat.user("What's the weather going to be like this week in Chicago?")
    chat.call(
        (
            "ForecastWeather",
            {"location": "Chicago"},
            {
                "forecast": [
                    {"date": "2023-10-02", "high": 78, "low": 61, "conditions": "Sunny"},
                    {"date": "2023-10-03", "high": 81, "low": 64, "conditions": "Partly cloudy"},
                    {"date": "2023-10-04", "high": 74, "low": 59, "conditions": "Thunderstorms"},
                    {"date": "2023-10-05", "high": 63, "low": 48, "conditions": "Rain"},
                    {"date": "2023-10-06", "high": 58, "low": 44, "conditions": "Cloudy"},
                ]
            },
        )
    )
    chat.say(
        "Here's the forecast for Chicago, Monday through Friday:\n\n"
        "| Day | Conditions | High | Low |\n"
        "|---|---|---|---|\n"
        "| **Mon, Oct 2** (today) | Sunny | 78°F | 61°F |\n"
        "| **Tue, Oct 3** | Partly cloudy | 81°F | 64°F |\n"
        "| **Wed, Oct 4** | Thunderstorms | 74°F | 59°F |\n"
        "| **Thu, Oct 5** | Rain | 63°F | 48°F |\n"
        "| **Fri, Oct 6** | Cloudy | 58°F | 44°F |\n\n"
        "**In short:** warm to start, peaking at 81°F on Tuesday. Storms arrive Wednesday, and "
        "Thursday's high is 11 degrees lower than Wednesday's. Friday is the coolest day, with a "
        "low of 44°F."
    )
    chat.user("What are Tuesday's and Friday's highs and lows in Celsius?")
    chat.call(
        ("ConvertUnits", {"value": 81, "from_unit": "fahrenheit", "to_unit": "celsius"}, {"result": 27.22}),
        ("ConvertUnits", {"value": 64, "from_unit": "fahrenheit", "to_unit": "celsius"}, {"result": 17.78}),
        ("ConvertUnits", {"value": 58, "from_unit": "fahrenheit", "to_unit": "celsius"}, {"result": 14.44}),
        ("ConvertUnits", {"value": 44, "from_unit": "fahrenheit", "to_unit": "celsius"}, {"result": 6.67}),
    )
    chat.say(
        "- **Tuesday, October 3:** high 81°F ≈ **27.2°C**, low 64°F ≈ **17.8°C**\n"
        "- **Friday, October 6:** high 58°F ≈ **14.4°C**, low 44°F ≈ **6.7°C**\n\n"
        "So about a 13°C drop in the daytime high between Tuesday and Friday."
    )
    chat.user("Is that normal for October here?")
    chat.call(
        (
            "HistoricWeather",
            {"location": "Chicago", "month": "October"},
            {
                "weather": {
                    "min_temp": 45,
                    "max_temp": 64,
                    "record_min_temp": 20,
                    "record_max_temp": 91,
                    "avg_rainfall": 2.71,
                    "snow_days": 0,
                }
            },
        )
    )
    chat.say(
        "Not really — the first half of the week is unusually warm. In a typical October, Chicago "
        "averages a **high of 64°F** and a **low of 45°F** (records: 91°F and 20°F), with about "
        "2.71 inches of rain and no snow days.\n\n"
        "- **Monday–Wednesday:** highs of 78°F, 81°F and 74°F are 14, 17 and 10 degrees above "
        "normal.\n"
        "- **Thursday:** 63°F, right at normal (1 degree below).\n"
        "- **Friday:** 58°F is 6 degrees below the average high, and the 44°F low is about the "
        "usual 45°F."
    )
    chat.user("Remind me to bring an umbrella Wednesday at 7:30 am, and set an alarm for 6:45 that day.")
    chat.call(
        (
            "AddReminder",
            {"session_token": TOKEN_DR, "task": "Bring an umbrella", "due_date": "2023-10-04 07:30:00"},
            {"reminder_id": "4c-a19e"},
        ),
        ("AddAlarm", {"session_token": TOKEN_DR, "time": "06:45:00"}, {"alarm_id": "71d0-3b2a"}),
    )
    chat.say(
        "All set for Wednesday, October 4:\n\n"
        "- ⏰ **Alarm** at 6:45 AM (06:45)\n"
        '- 📝 **Reminder** "Bring an umbrella" at 7:30 AM — thunderstorms are expected that day.'
    )
    return chat.messages


# --- 3. An inbox summary with senders, subjects and dates, a reply, a total -----------------

TOKEN_HM = "c81d2f60-4e0b-9a17"
INVOICES = [
    {
        "email_id": "91-aa04-5c2e7b10",
        "date": "2023-11-13 17:42:00",
        "sender": "billing@cloudnest.io",
        "receivers": ["hana.mori@gahoo.com"],
        "subject": "Invoice #CN-20931 for October",
        "body": "Hi Hana,\n\nYour October invoice is ready. Amount due: $1,240.00, payable by "
        "November 30, 2023.\n\nCloudNest Billing",
    },
    {
        "email_id": "91-aa04-5c2e6f02",
        "date": "2023-11-10 09:05:00",
        "sender": "r.adeyemi@fexter.com",
        "receivers": ["hana.mori@gahoo.com"],
        "subject": "Re: Invoice question",
        "body": "Hana, I checked with finance: the PrintHaus invoice should go to the marketing "
        "cost centre (MK-204), not ours. Can you forward it? Rotimi",
    },
    {
        "email_id": "91-aa04-5c2e5d9c",
        "date": "2023-11-08 14:20:00",
        "sender": "accounts@printhaus.de",
        "receivers": ["hana.mori@gahoo.com"],
        "subject": "Invoice 4471 – overdue reminder",
        "body": "Dear Ms Mori,\n\nInvoice 4471 for €312.50 was due on November 1, 2023 and is now "
        "overdue. Please arrange payment.\n\nPrintHaus Accounts",
    },
    {
        "email_id": "91-aa04-5c2e3a11",
        "date": "2023-11-02 11:00:00",
        "sender": "billing@cloudnest.io",
        "receivers": ["hana.mori@gahoo.com"],
        "subject": "Invoice #CN-20577 for September",
        "body": "Hi Hana,\n\nThanks — we received your payment of $1,185.00 for September.\n\n"
        "CloudNest Billing",
    },
]


def _inbox_summary() -> list[Message]:
    chat = Chat(_system("2023-11-14 10:30:00", "Seattle", "hmori", TOKEN_HM))
    chat.user("Can you pull up every email about invoices and give me a quick summary?")
    chat.call(("SearchInbox", {"session_token": TOKEN_HM, "query": "invoice"}, {"emails": INVOICES}))
    chat.say(
        "I found **4 emails** about invoices, newest first:\n\n"
        "1. **Invoice #CN-20931 for October** — from billing@cloudnest.io, Monday, November 13 at "
        "5:42 PM. Amount due **$1,240.00**, payable by November 30.\n"
        "2. **Re: Invoice question** — from Rotimi (r.adeyemi@fexter.com), Friday, November 10 at "
        "9:05 AM. About where the PrintHaus invoice should be billed.\n"
        "3. **Invoice 4471 – overdue reminder** — from accounts@printhaus.de, Wednesday, "
        "November 8 at 2:20 PM. **€312.50**, due November 1 and still unpaid.\n"
        "4. **Invoice #CN-20577 for September** — from billing@cloudnest.io, Thursday, November 2 "
        "at 11:00 AM. A receipt: your $1,185.00 payment was received.\n\n"
        "**Needs attention:** the PrintHaus invoice is 13 days overdue, and the CloudNest October "
        "invoice is open until November 30."
    )
    chat.user("What did Rotimi want exactly?")
    chat.say(
        "Rotimi says he checked with finance and the **PrintHaus invoice should go to the "
        "marketing cost centre (MK-204)**, not yours — he's asking you to forward it."
    )
    chat.user("Reply to PrintHaus and copy Rotimi: tell them it'll be paid by Friday and billed to MK-204.")
    chat.call(
        (
            "SendEmail",
            {
                "session_token": TOKEN_HM,
                "to": ["accounts@printhaus.de", "r.adeyemi@fexter.com"],
                "subject": "Re: Invoice 4471 – overdue reminder",
                "body": "Hello, apologies for the delay. Invoice 4471 (€312.50) will be paid by "
                "Friday, November 17, and charged to cost centre MK-204. Best regards, Hana Mori",
            },
            {"email_id": "92-b1c7-0d3e44f8"},
        )
    )
    chat.say(
        'Sent. Your reply **"Re: Invoice 4471 – overdue reminder"** went to '
        "accounts@printhaus.de and r.adeyemi@fexter.com, saying the €312.50 will be paid by "
        "**Friday, November 17** and charged to cost centre MK-204."
    )
    chat.user("What do the two open invoices come to in dollars?")
    chat.call(
        (
            "Convert",
            {"amount": 312.5, "from_currency": "EUR", "to_currency": "USD"},
            {"amount": 339.72, "rate": 1.0871},
        )
    )
    chat.call(("Calculate", {"formula": "1240 + 339.72"}, {"result": 1579.72}))
    chat.say(
        "- PrintHaus: €312.50 × 1.0871 = **$339.72**\n"
        "- CloudNest: **$1,240.00**\n\n"
        "**Total: $1,240.00 + $339.72 = $1,579.72.**"
    )
    return chat.messages


# --- 4. Stock quotes with change and percent change, a position's value --------------------

TOKEN_OB = "e4a7190b-6d2c-58f3"


def _quote(symbol: str, prev: float, price: float) -> dict[str, Any]:
    change = round(price - prev, 2)
    return {
        "symbol": symbol,
        "date": "2024-01-08",
        "price": price,
        "previous_close": prev,
        "change": change,
        "change_percent": round(change / prev * 100, 2),
    }


def _stock_quotes() -> list[Message]:
    chat = Chat(_system("2024-01-08 16:30:00", "New York", "obrennan", TOKEN_OB))
    chat.user("How did Apple, Microsoft and Nvidia close today?")
    chat.call(
        ("QueryStock", {"symbol": "AAPL", "date": "2024-01-08"}, _quote("AAPL", 181.18, 185.56)),
        ("QueryStock", {"symbol": "MSFT", "date": "2024-01-08"}, _quote("MSFT", 367.75, 374.69)),
        ("QueryStock", {"symbol": "NVDA", "date": "2024-01-08"}, _quote("NVDA", 490.97, 522.53)),
    )
    chat.say(
        "All three finished higher on Monday, January 8:\n\n"
        "| Stock | Close | Change | % Change |\n"
        "|---|---|---|---|\n"
        "| **Apple (AAPL)** | $185.56 | +$4.38 | +2.42% |\n"
        "| **Microsoft (MSFT)** | $374.69 | +$6.94 | +1.89% |\n"
        "| **Nvidia (NVDA)** | $522.53 | +$31.56 | +6.43% |\n\n"
        "Nvidia led by a wide margin, up more than 6% from its previous close of $490.97."
    )
    chat.user("I own 40 Apple and 15 Nvidia. What's that worth now?")
    chat.call(("Calculate", {"formula": "40 * 185.56 + 15 * 522.53"}, {"result": 15260.35}))
    chat.say(
        "Your two positions are worth **$15,260.35**:\n\n"
        "- 40 × $185.56 = $7,422.40 (Apple)\n"
        "- 15 × $522.53 = $7,837.95 (Nvidia)"
    )
    chat.user("And how much did I make on them today?")
    chat.call(("Calculate", {"formula": "40 * 4.38 + 15 * 31.56"}, {"result": 648.6}))
    chat.say(
        "You gained **$648.60** today: 40 × $4.38 = $175.20 on Apple plus 15 × $31.56 = $473.40 on Nvidia."
    )
    chat.user("Nice. Remind me Friday at 9 to review the portfolio.")
    chat.call(
        (
            "AddReminder",
            {"session_token": TOKEN_OB, "task": "Review the portfolio", "due_date": "2024-01-12 09:00:00"},
            {"reminder_id": "3e-77b1"},
        )
    )
    chat.say("Reminder set: **Review the portfolio** on Friday, January 12 at 9:00 AM.")
    return chat.messages


# --- 5. Account details read back, an update that fails, then succeeds, then logout ---------

TOKEN_KP = "5d19e3b2-a07c-4f61"
KAVYA = {
    "username": "kpatel88",
    "email": "kavya.patel@gahoo.com",
    "phone": "303-555-0148",
    "name": "Kavya Patel",
}


def _account_update() -> list[Message]:
    chat = Chat(_system("2023-06-05 11:00:00", "Denver"))
    chat.user("Sign me in (kpatel88 / Marigold#7) and show me what my account has on file.")
    chat.call(("UserLogin", {"username": "kpatel88", "password": "Marigold#7"}, {"session_token": TOKEN_KP}))
    chat.call(("QueryUser", {"session_token": TOKEN_KP, "username": "kpatel88"}, {"users": [KAVYA]}))
    chat.say(
        "You're signed in. Here's what your account has on file:\n\n"
        "- **Name:** Kavya Patel\n"
        "- **Username:** kpatel88\n"
        "- **Email:** kavya.patel@gahoo.com\n"
        "- **Phone:** 303-555-0148"
    )
    chat.user("Change the phone to 720-555-0193 and the email to kavya.patel@fmail please.")
    chat.call(
        (
            "UpdateAccountInformation",
            {
                "session_token": TOKEN_KP,
                "password": "Marigold#7",
                "new_email": "kavya.patel@fmail",
                "new_phone_number": "720-555-0193",
            },
            "Exception: Invalid email address: kavya.patel@fmail",
        )
    )
    chat.say(
        "The update **didn't go through** — the system rejected **kavya.patel@fmail** as an "
        "invalid email address. It looks like the domain ending is missing (for example "
        "*kavya.patel@fmail.com*). What's the full address? I'll send the phone change along "
        "with it."
    )
    chat.user("Oops, yes, kavya.patel@fmail.com.")
    chat.call(
        (
            "UpdateAccountInformation",
            {
                "session_token": TOKEN_KP,
                "password": "Marigold#7",
                "new_email": "kavya.patel@fmail.com",
                "new_phone_number": "720-555-0193",
            },
            {"status": "success"},
        )
    )
    chat.call(
        (
            "QueryUser",
            {"session_token": TOKEN_KP, "username": "kpatel88"},
            {"users": [{**KAVYA, "email": "kavya.patel@fmail.com", "phone": "720-555-0193"}]},
        )
    )
    chat.say(
        "Both changes are saved, and I read your account back to confirm:\n\n"
        "| Field | Before | Now |\n"
        "|---|---|---|\n"
        "| Email | kavya.patel@gahoo.com | **kavya.patel@fmail.com** |\n"
        "| Phone | 303-555-0148 | **720-555-0193** |\n\n"
        "Your name (Kavya Patel) and username (kpatel88) are unchanged."
    )
    chat.user("Great, log me out.")
    chat.call(("LogoutUser", {"session_token": TOKEN_KP}, {"status": "success"}))
    chat.say("You're logged out of kpatel88. Have a good day!")
    return chat.messages


# --- 6. Reminders read back with counts, a failed delete, "next Tuesday" ------------------

TOKEN_EL = "0a6f2d91-c3e8-4b57"
REMINDERS_EL = [
    {
        "reminder_id": "0d-4410",
        "task": "Renew passport",
        "due_date": "2024-03-01 17:00:00",
        "status": "pending",
    },
    {
        "reminder_id": "0d-4411",
        "task": "Call the plumber",
        "due_date": "2024-02-27 10:00:00",
        "status": "pending",
    },
    {
        "reminder_id": "0d-4412",
        "task": "Pay water bill",
        "due_date": "2024-02-26 09:00:00",
        "status": "completed",
    },
    {"reminder_id": "0d-4413", "task": "Book dentist", "due_date": None, "status": "pending"},
    {
        "reminder_id": "0d-4414",
        "task": "Send tax documents to Marcus",
        "due_date": "2024-03-04 12:00:00",
        "status": "pending",
    },
    {
        "reminder_id": "0d-4415",
        "task": "Pick up dry cleaning",
        "due_date": "2024-02-28 18:00:00",
        "status": "completed",
    },
]


def _reminders_cleanup() -> list[Message]:
    chat = Chat(_system("2024-02-29 08:15:00", "Boston", "elowe", TOKEN_EL))
    chat.user("Go through my reminders with me.")
    chat.call(("GetReminders", {"session_token": TOKEN_EL}, {"reminders": REMINDERS_EL}))
    chat.say(
        "You have **6 reminders** — 4 pending and 2 completed.\n\n"
        "**Pending**\n"
        "1. **Call the plumber** — was due Tuesday, February 27 at 10:00 AM (overdue)\n"
        "2. **Renew passport** — due tomorrow, Friday, March 1 at 5:00 PM\n"
        "3. **Send tax documents to Marcus** — due Monday, March 4 at 12:00 PM\n"
        "4. **Book dentist** — no due date\n\n"
        "**Completed**\n"
        "- Pay water bill (Monday, February 26, 9:00 AM)\n"
        "- Pick up dry cleaning (Wednesday, February 28, 6:00 PM)"
    )
    chat.user("Mark the plumber and the dentist as done, and delete the dry cleaning one.")
    chat.call(
        ("CompleteReminder", {"session_token": TOKEN_EL, "reminder_id": "0d-4411"}, {"status": "success"}),
        ("CompleteReminder", {"session_token": TOKEN_EL, "reminder_id": "0d-4413"}, {"status": "success"}),
        (
            "DeleteReminder",
            {"session_token": TOKEN_EL, "reminder_id": "0d-4415"},
            {"error": "Internal server error: reminder could not be deleted"},
        ),
    )
    chat.say(
        "Two out of three done:\n\n"
        "- ✅ **Call the plumber** — marked complete\n"
        "- ✅ **Book dentist** — marked complete\n"
        "- ❌ **Pick up dry cleaning** — the delete failed with an internal server error, so that "
        "reminder is still there.\n\n"
        "Want me to try the delete again?"
    )
    chat.user("Yes, try again.")
    chat.call(
        ("DeleteReminder", {"session_token": TOKEN_EL, "reminder_id": "0d-4415"}, {"status": "success"})
    )
    chat.say("That worked — **Pick up dry cleaning** is deleted.")
    chat.user("Add one for next Tuesday at 9am: follow up with Marcus about the tax documents.")
    chat.call(
        (
            "AddReminder",
            {
                "session_token": TOKEN_EL,
                "task": "Follow up with Marcus about the tax documents",
                "due_date": "2024-03-05 09:00:00",
            },
            {"reminder_id": "0d-4416"},
        )
    )
    chat.say(
        "Added: **Follow up with Marcus about the tax documents** — Tuesday, March 5 at 9:00 AM, "
        "the day after the documents are due."
    )
    chat.user("So what's still pending now?")
    chat.say(
        "Three reminders are pending:\n\n"
        "1. **Renew passport** — Friday, March 1, 5:00 PM\n"
        "2. **Send tax documents to Marcus** — Monday, March 4, 12:00 PM\n"
        "3. **Follow up with Marcus about the tax documents** — Tuesday, March 5, 9:00 AM\n\n"
        "Call the plumber and Book dentist are now completed, along with Pay water bill."
    )
    return chat.messages


# --- 7. Alarms in 12 h and 24 h clocks, deletions, an empty range ---------------------------

TOKEN_SB = "b7e40c12-9d3f-46a8"


def _alarms_weekend() -> list[Message]:
    chat = Chat(_system("2023-12-01 22:10:00", "Toronto", "sbouchard", TOKEN_SB))
    chat.user("Which alarms do I have between 5 and 9 in the morning?")
    chat.call(
        (
            "FindAlarms",
            {"session_token": TOKEN_SB, "start_range": "05:00:00", "end_range": "09:00:00"},
            {
                "alarms": [
                    {"alarm_id": "2a61-0f1e", "time": "05:30:00"},
                    {"alarm_id": "2a61-10c3", "time": "06:15:00"},
                    {"alarm_id": "2a61-11d9", "time": "07:00:00"},
                    {"alarm_id": "2a61-12b4", "time": "08:45:00"},
                ]
            },
        )
    )
    chat.say(
        "You have **4 alarms** between 5:00 and 9:00 AM:\n\n"
        "1. 5:30 AM (05:30)\n"
        "2. 6:15 AM (06:15)\n"
        "3. 7:00 AM (07:00)\n"
        "4. 8:45 AM (08:45)"
    )
    chat.user("Delete the first two — I'm sleeping in this weekend.")
    chat.call(
        ("DeleteAlarm", {"session_token": TOKEN_SB, "alarm_id": "2a61-0f1e"}, {"status": "success"}),
        ("DeleteAlarm", {"session_token": TOKEN_SB, "alarm_id": "2a61-10c3"}, {"status": "success"}),
    )
    chat.say(
        "Deleted the **5:30 AM** and **6:15 AM** alarms. In that window you now have **7:00 AM** and 8:45 AM."
    )
    chat.user("Any alarms in the afternoon, say 12 to 6?")
    chat.call(
        (
            "FindAlarms",
            {"session_token": TOKEN_SB, "start_range": "12:00:00", "end_range": "18:00:00"},
            {"alarms": []},
        )
    )
    chat.say("No — there are **no alarms** between 12:00 PM and 6:00 PM.")
    chat.user("Then add one at 13:30 and one at 17:45.")
    chat.call(
        ("AddAlarm", {"session_token": TOKEN_SB, "time": "13:30:00"}, {"alarm_id": "2a61-13a0"}),
        ("AddAlarm", {"session_token": TOKEN_SB, "time": "17:45:00"}, {"alarm_id": "2a61-14f7"}),
    )
    chat.say(
        "Added two alarms: **1:30 PM** (13:30) and **5:45 PM** (17:45).\n\n"
        "Between 5 AM and 6 PM you now have 4 alarms: 7:00 AM, 8:45 AM, 1:30 PM and 5:45 PM — the "
        "longest stretch without one is the 4 hours 45 minutes from 8:45 AM to 1:30 PM."
    )
    return chat.messages


# --- 8. Registration: a taken username, then success, a friend found by e-mail -------------

TOKEN_JT = "9c3b7a05-e21d-4f8c"


def _register_friend() -> list[Message]:
    chat = Chat(_system("2023-05-19 14:00:00", "Austin"))
    chat.user(
        "I'd like to make an account. Name Julia Torres, username jtorres, password "
        "Bluebonnet_2023, email julia.torres@gahoo.com, phone 512-555-0177."
    )
    chat.call(
        (
            "RegisterUser",
            {
                "username": "jtorres",
                "password": "Bluebonnet_2023",
                "email": "julia.torres@gahoo.com",
                "phone": "512-555-0177",
                "name": "Julia Torres",
            },
            "Exception: The username already exists.",
        )
    )
    chat.say(
        "I couldn't create the account: the username **jtorres** is already taken. Would you like "
        "to try a variation, such as *jtorres_atx* or *juliatorres*?"
    )
    chat.user("jtorres_atx is fine.")
    chat.call(
        (
            "RegisterUser",
            {
                "username": "jtorres_atx",
                "password": "Bluebonnet_2023",
                "email": "julia.torres@gahoo.com",
                "phone": "512-555-0177",
                "name": "Julia Torres",
            },
            {
                "session_token": TOKEN_JT,
                "user": {
                    "username": "jtorres_atx",
                    "email": "julia.torres@gahoo.com",
                    "phone": "512-555-0177",
                    "name": "Julia Torres",
                },
            },
        )
    )
    chat.say(
        "Your account is created and you're logged in:\n\n"
        "- **Name:** Julia Torres\n"
        "- **Username:** jtorres_atx\n"
        "- **Email:** julia.torres@gahoo.com\n"
        "- **Phone:** 512-555-0177"
    )
    chat.user("My friend's email is sam.lindqvist@gahoo.com — find her and tell her I'm on here now.")
    chat.call(
        (
            "QueryUser",
            {"session_token": TOKEN_JT, "email": "sam.lindqvist@gahoo.com"},
            {
                "users": [
                    {
                        "username": "slindq",
                        "email": "sam.lindqvist@gahoo.com",
                        "phone": "512-555-0102",
                        "name": "Sam Lindqvist",
                    }
                ]
            },
        )
    )
    chat.call(
        (
            "SendMessage",
            {
                "session_token": TOKEN_JT,
                "receiver": "slindq",
                "message": "Hi Sam, it's Julia — I'm on here now!",
            },
            {"message_id": "6e0a-d4c9-1b27"},
        )
    )
    chat.say(
        "Found her: **Sam Lindqvist**, username **slindq**. I sent her: *\"Hi Sam, it's Julia — I'm "
        'on here now!"*'
    )
    chat.user("And put coffee with her on my calendar for Sunday at 10, one hour, at Houndstooth.")
    chat.call(
        (
            "CreateEvent",
            {
                "session_token": TOKEN_JT,
                "name": "Coffee with Sam",
                "event_type": "event",
                "start_time": "2023-05-21 10:00:00",
                "end_time": "2023-05-21 11:00:00",
                "location": "Houndstooth Coffee",
                "attendees": ["jtorres_atx", "slindq"],
            },
            {"event_id": "8f31-2ac0"},
        )
    )
    chat.say(
        "Added **Coffee with Sam** on **Sunday, May 21, 10:00–11:00 AM** at Houndstooth Coffee, "
        "with Sam (slindq) as an attendee."
    )
    return chat.messages


# --- 9. Messages summarized by sender, a handle resolved, replies, a dinner booked ---------

TOKEN_RC = "f2d8a6c1-73b0-4e95"


def _dinner_messages() -> list[Message]:
    chat = Chat(_system("2023-09-22 17:20:00", "Boston", "rcohen", TOKEN_RC))
    chat.user("What have people said about dinner this week?")
    chat.call(
        (
            "SearchMessages",
            {"session_token": TOKEN_RC, "query": "dinner", "start_date": "2023-09-18 00:00:00"},
            {
                "messages": [
                    {
                        "message_id": "44a0-1e7c",
                        "timestamp": "2023-09-20 18:12:00",
                        "sender": "bwalsh",
                        "message": "Are we still on for dinner Saturday? I can book Lupa for 8.",
                    },
                    {
                        "message_id": "44a0-2f19",
                        "timestamp": "2023-09-21 09:47:00",
                        "sender": "ninaq",
                        "message": "Dinner Saturday works for me! Can we make it 7:30 instead?",
                    },
                    {
                        "message_id": "44a0-30b2",
                        "timestamp": "2023-09-22 12:03:00",
                        "sender": "bwalsh",
                        "message": "Lupa has a table at 7:30 or 8:15, which one?",
                    },
                ]
            },
        )
    )
    chat.say(
        "There are **3 messages** about dinner this week, all about Saturday:\n\n"
        "1. **bwalsh** — Wednesday, Sept 20 at 6:12 PM: asked if dinner Saturday is still on and "
        "offered to book Lupa for 8.\n"
        "2. **ninaq** — Thursday, Sept 21 at 9:47 AM: Saturday works, but asked to make it 7:30.\n"
        "3. **bwalsh** — today at 12:03 PM: Lupa has tables at **7:30** or **8:15** and wants to "
        "know which.\n\n"
        "The second and third messages line up: 7:30 works for both of them."
    )
    chat.user("Who is ninaq again?")
    chat.call(
        (
            "QueryUser",
            {"session_token": TOKEN_RC, "username": "ninaq"},
            {
                "users": [
                    {
                        "username": "ninaq",
                        "email": "nina.quist@fmail.com",
                        "phone": "617-555-0163",
                        "name": "Nina Quist",
                    }
                ]
            },
        )
    )
    chat.say("**ninaq** is **Nina Quist** (nina.quist@fmail.com, 617-555-0163).")
    chat.user("Tell both of them 7:30 it is, see you at Lupa.")
    chat.call(
        (
            "SendMessage",
            {"session_token": TOKEN_RC, "receiver": "bwalsh", "message": "7:30 it is, see you at Lupa!"},
            {"message_id": "44a0-41c8"},
        ),
        (
            "SendMessage",
            {"session_token": TOKEN_RC, "receiver": "ninaq", "message": "7:30 it is, see you at Lupa!"},
            {"message_id": "44a0-41c9"},
        ),
    )
    chat.say('Sent *"7:30 it is, see you at Lupa!"* to both **bwalsh** and **Nina (ninaq)**.')
    chat.user("Put it on my calendar for two hours.")
    chat.call(
        (
            "CreateEvent",
            {
                "session_token": TOKEN_RC,
                "name": "Dinner at Lupa",
                "event_type": "event",
                "start_time": "2023-09-23 19:30:00",
                "end_time": "2023-09-23 21:30:00",
                "location": "Lupa",
                "attendees": ["rcohen", "bwalsh", "ninaq"],
            },
            {"event_id": "7d2e-90fa"},
        )
    )
    chat.say(
        "Added **Dinner at Lupa** for tomorrow, **Saturday, September 23, 7:30–9:30 PM**, with "
        "bwalsh and ninaq as attendees."
    )
    return chat.messages


# --- 10. A move that fails on a conflict, the other day read, a later slot taken ------------

TOKEN_TN = "1e5c9b30-ad47-42f6"


def _vendor_reschedule() -> list[Message]:
    chat = Chat(_system("2023-10-11 16:05:00", "San Francisco", "tnguyen", TOKEN_TN))
    chat.user("What's on tomorrow?")
    chat.call(
        (
            "QueryCalendar",
            {
                "session_token": TOKEN_TN,
                "start_time": "2023-10-12 00:00:00",
                "end_time": "2023-10-12 23:59:59",
            },
            {
                "events": [
                    _event(
                        "d0c4-1a11",
                        "Sync with Priya",
                        "meeting",
                        "2023-10-12 08:30:00",
                        "2023-10-12 09:00:00",
                        "online",
                        ["tnguyen", "pshah"],
                    ),
                    _event(
                        "d0c4-1a12",
                        "Vendor call – Orbis",
                        "meeting",
                        "2023-10-12 10:00:00",
                        "2023-10-12 11:30:00",
                        "Room 3C",
                        ["tnguyen", "gmarsh"],
                        "Contract renewal terms",
                    ),
                    _event(
                        "d0c4-1a13",
                        "1:1 with Greg",
                        "meeting",
                        "2023-10-12 15:00:00",
                        "2023-10-12 16:00:00",
                        "Greg's office",
                        ["tnguyen", "gmarsh"],
                    ),
                ]
            },
        )
    )
    chat.say(
        "Tomorrow, **Thursday, October 12**, you have 3 meetings:\n\n"
        "1. **Sync with Priya** — 8:30–9:00 AM, online (with pshah)\n"
        "2. **Vendor call – Orbis** — 10:00–11:30 AM, Room 3C (with gmarsh) — *Contract renewal "
        "terms*\n"
        "3. **1:1 with Greg** — 3:00–4:00 PM in Greg's office\n\n"
        "The biggest gap between meetings is the 3 hours 30 minutes from 11:30 AM to 3:00 PM."
    )
    chat.user("Push the second one to next Tuesday, same time.")
    chat.call(
        (
            "ModifyEvent",
            {
                "session_token": TOKEN_TN,
                "event_id": "d0c4-1a12",
                "new_start_time": "2023-10-17 10:00:00",
                "new_end_time": "2023-10-17 11:30:00",
            },
            {"error": "Conflict: the new time overlaps with an existing event."},
        )
    )
    chat.call(
        (
            "QueryCalendar",
            {
                "session_token": TOKEN_TN,
                "start_time": "2023-10-17 00:00:00",
                "end_time": "2023-10-17 23:59:59",
            },
            {
                "events": [
                    _event(
                        "d0c4-2b01",
                        "Design review",
                        "meeting",
                        "2023-10-17 10:00:00",
                        "2023-10-17 11:00:00",
                        "Room 1A",
                        ["tnguyen", "pshah", "kwu"],
                    )
                ]
            },
        )
    )
    chat.say(
        "I couldn't move it: **Tuesday, October 17, 10:00–11:30 AM** overlaps with your "
        "**Design review** (10:00–11:00 AM, Room 1A). The vendor call is still on tomorrow at "
        "10:00.\n\n"
        "The rest of Tuesday is open, so a 90-minute slot is free right after the review: "
        "**11:00 AM–12:30 PM**. Should I use that?"
    )
    chat.user("Make it 11:30 to 1 so I get a break, and tell Greg.")
    chat.call(
        (
            "ModifyEvent",
            {
                "session_token": TOKEN_TN,
                "event_id": "d0c4-1a12",
                "new_start_time": "2023-10-17 11:30:00",
                "new_end_time": "2023-10-17 13:00:00",
            },
            {"status": "success"},
        ),
        (
            "SendMessage",
            {
                "session_token": TOKEN_TN,
                "receiver": "gmarsh",
                "message": "Hi Greg, the Orbis vendor call moved to Tuesday, Oct 17, 11:30 AM-1:00 PM.",
            },
            {"message_id": "5b17-c2e4"},
        ),
    )
    chat.say(
        "Done. The **Vendor call – Orbis** is now on **Tuesday, October 17, 11:30 AM–1:00 PM** "
        "(still 1 hour 30 minutes), which leaves you a 30-minute break after the Design review. "
        "Greg (gmarsh) has been messaged.\n\n"
        "Tomorrow you're left with the 8:30 AM sync with Priya and the 3:00 PM 1:1 with Greg — "
        "6 hours free in between."
    )
    return chat.messages


# --- 11. Marathon numbers: unit conversions, a pace, a currency, race-day weather ----------

TOKEN_MG = "8a0d4e17-b2c9-4d63"


def _marathon_numbers() -> list[Message]:
    chat = Chat(_system("2024-04-12 19:00:00", "Boston", "mgarcia", TOKEN_MG))
    chat.user(
        "I'm running the marathon on Monday. How far is 26.2 miles in kilometers, and what's 5 kg "
        "in pounds? That's the limit for my hydration pack."
    )
    chat.call(
        ("ConvertUnits", {"value": 26.2, "from_unit": "miles", "to_unit": "kilometers"}, {"result": 42.16}),
        ("ConvertUnits", {"value": 5, "from_unit": "kilograms", "to_unit": "pounds"}, {"result": 11.02}),
    )
    chat.say(
        "- **26.2 miles = 42.16 km** — the full marathon distance.\n"
        "- **5 kg = 11.02 lb**, so your hydration pack tops out at about 11 pounds."
    )
    chat.user("If I finish in 4 hours 15 minutes, what pace per km is that?")
    chat.call(("Calculate", {"formula": "255 / 42.16"}, {"result": 6.0484}))
    chat.say(
        "4 hours 15 minutes is 255 minutes, and 255 ÷ 42.16 km = **6.05 minutes per km** — about "
        "**6:03 per kilometer**."
    )
    chat.user("The entry fee was $95. What's that in euros? My cousin is asking.")
    chat.call(
        (
            "Convert",
            {"amount": 95, "from_currency": "USD", "to_currency": "EUR"},
            {"amount": 86.75, "rate": 0.9132},
        )
    )
    chat.say("$95 is **€86.75** at today's rate of 0.9132 euros per dollar.")
    chat.user("And the weather for race day?")
    chat.call(
        (
            "ForecastWeather",
            {"location": "Boston"},
            {
                "forecast": [
                    {"date": "2024-04-12", "high": 62, "low": 47, "conditions": "Sunny"},
                    {"date": "2024-04-13", "high": 66, "low": 50, "conditions": "Partly cloudy"},
                    {"date": "2024-04-14", "high": 58, "low": 45, "conditions": "Rain"},
                    {"date": "2024-04-15", "high": 54, "low": 42, "conditions": "Cloudy"},
                ]
            },
        )
    )
    chat.say(
        "**Race day — Monday, April 15:** cloudy, with a **high of 54°F** and a **low of 42°F**. "
        "That's good running weather: cool, with no rain in the forecast.\n\n"
        "For the days before:\n"
        "- **Saturday, April 13:** partly cloudy, 66°F / 50°F\n"
        "- **Sunday, April 14:** rain, 58°F / 45°F — a good day to rest indoors."
    )
    return chat.messages


# --- 12. A password reset with a wrong code, then login, details, logout -------------------

TOKEN_AC = "d46f1b8e-0c27-4a99"


def _password_reset() -> list[Message]:
    chat = Chat(_system("2023-08-14 07:55:00", "Phoenix"))
    chat.user(
        "I forgot my password. Username ahchiu, the verification code I got is 482913, and I want "
        "the new password to be Cactus_Bloom88."
    )
    chat.call(
        (
            "ResetPassword",
            {"username": "ahchiu", "verification_code": "482913", "new_password": "Cactus_Bloom88"},
            "Exception: Invalid verification code.",
        )
    )
    chat.say(
        "The reset **failed**: the system says the verification code **482913** is invalid. Your "
        "password has not been changed. Could you double-check the code in the message you "
        "received?"
    )
    chat.user("Argh, it's 482931.")
    chat.call(
        (
            "ResetPassword",
            {"username": "ahchiu", "verification_code": "482931", "new_password": "Cactus_Bloom88"},
            {"status": "success"},
        )
    )
    chat.say("That code worked — the password for **ahchiu** is now reset to the one you chose.")
    chat.user("Log me in with it and show me my account info.")
    chat.call(
        ("UserLogin", {"username": "ahchiu", "password": "Cactus_Bloom88"}, {"session_token": TOKEN_AC})
    )
    chat.call(
        (
            "QueryUser",
            {"session_token": TOKEN_AC, "username": "ahchiu"},
            {
                "users": [
                    {
                        "username": "ahchiu",
                        "email": "andrew.chiu@fmail.com",
                        "phone": "480-555-0136",
                        "name": "Andrew Chiu",
                    }
                ]
            },
        )
    )
    chat.say(
        "You're logged in with the new password. Your account:\n\n"
        "| | |\n"
        "|---|---|\n"
        "| **Name** | Andrew Chiu |\n"
        "| **Username** | ahchiu |\n"
        "| **Email** | andrew.chiu@fmail.com |\n"
        "| **Phone** | 480-555-0136 |"
    )
    chat.user("Thanks, you can log me out.")
    chat.call(("LogoutUser", {"session_token": TOKEN_AC}, {"status": "success"}))
    chat.say(
        "Logged out. To recap: the first reset attempt was rejected because of the code, the "
        "second one (with 482931) succeeded, and you signed in once with the new password."
    )
    return chat.messages


# --- 13. Searches with no results, a free afternoon, an appointment booked ----------------

TOKEN_GP = "27c9e0f5-8b14-4e3d"


def _no_results() -> list[Message]:
    chat = Chat(_system("2024-03-15 12:00:00", "Portland", "gpark", TOKEN_GP))
    chat.user("Did I get any email or message about my passport renewal?")
    chat.call(
        ("SearchInbox", {"session_token": TOKEN_GP, "query": "passport renewal"}, {"emails": []}),
        ("SearchMessages", {"session_token": TOKEN_GP, "query": "passport"}, {"messages": []}),
    )
    chat.say(
        "No results in either place:\n\n"
        '- **Inbox:** no emails matching "passport renewal"\n'
        '- **Messages:** no messages mentioning "passport"'
    )
    chat.user("OK. Am I free tomorrow afternoon?")
    chat.call(
        (
            "QueryCalendar",
            {
                "session_token": TOKEN_GP,
                "start_time": "2024-03-16 12:00:00",
                "end_time": "2024-03-16 18:00:00",
            },
            {"events": []},
        )
    )
    chat.say(
        "Yes — there's nothing on your calendar tomorrow, **Saturday, March 16**, between noon and 6 PM."
    )
    chat.user(
        "Then book passport photos from 2 to 2:30 at the Walgreens on Burnside, and remind me at 10 "
        "that morning."
    )
    chat.call(
        (
            "CreateEvent",
            {
                "session_token": TOKEN_GP,
                "name": "Passport photos",
                "event_type": "event",
                "start_time": "2024-03-16 14:00:00",
                "end_time": "2024-03-16 14:30:00",
                "location": "Walgreens, Burnside",
            },
            {"event_id": "3c8e-71fd"},
        ),
        (
            "AddReminder",
            {"session_token": TOKEN_GP, "task": "Passport photos at 2 PM", "due_date": "2024-03-16 10:00:00"},
            {"reminder_id": "6a-0b52"},
        ),
    )
    chat.say(
        "Booked for tomorrow, Saturday, March 16:\n\n"
        "1. 📅 **Passport photos** — 2:00–2:30 PM at Walgreens, Burnside\n"
        "2. 🔔 **Reminder** at 10:00 AM, four hours before the appointment"
    )
    chat.user("Do I have any other reminders for tomorrow?")
    chat.call(
        (
            "GetReminders",
            {"session_token": TOKEN_GP},
            {
                "reminders": [
                    {
                        "reminder_id": "6a-0b52",
                        "task": "Passport photos at 2 PM",
                        "due_date": "2024-03-16 10:00:00",
                        "status": "pending",
                    },
                    {
                        "reminder_id": "6a-0a17",
                        "task": "Water the plants",
                        "due_date": "2024-03-18 08:00:00",
                        "status": "pending",
                    },
                    {
                        "reminder_id": "6a-09c4",
                        "task": "Return library books",
                        "due_date": "2024-03-14 17:00:00",
                        "status": "completed",
                    },
                ]
            },
        )
    )
    chat.say(
        "No other reminders for tomorrow — the passport photos one is the only one. Your other "
        "two:\n\n"
        "- **Water the plants** — Monday, March 18 at 8:00 AM (pending)\n"
        "- **Return library books** — Thursday, March 14 at 5:00 PM (completed)"
    )
    return chat.messages


# --- 14. Two cities' weather now, a trip forecast, Celsius, the December normals -----------

TOKEN_OF = "64b2d8a0-f1e7-4c05"


def _paris_trip() -> list[Message]:
    chat = Chat(_system("2023-12-04 08:00:00", "London", "ofarrell", TOKEN_OF))
    chat.user("What's the weather right now here and in Paris?")
    chat.call(
        (
            "CurrentWeather",
            {"location": "London"},
            {"weather": {"date": "2023-12-04", "high": 46, "low": 39, "conditions": "Rain"}},
        ),
        (
            "CurrentWeather",
            {"location": "Paris"},
            {"weather": {"date": "2023-12-04", "high": 44, "low": 35, "conditions": "Cloudy"}},
        ),
    )
    chat.say(
        "Today, Monday, December 4:\n\n"
        "- **London:** rain, high 46°F, low 39°F\n"
        "- **Paris:** cloudy, high 44°F, low 35°F\n\n"
        "Paris is a little colder — 2 degrees lower in the daytime and 4 degrees lower at night."
    )
    chat.user("I'm in Paris from Tuesday to Friday. What's the forecast?")
    chat.call(
        (
            "ForecastWeather",
            {"location": "Paris"},
            {
                "forecast": [
                    {"date": "2023-12-05", "high": 43, "low": 34, "conditions": "Cloudy"},
                    {"date": "2023-12-06", "high": 41, "low": 31, "conditions": "Snow showers"},
                    {"date": "2023-12-07", "high": 45, "low": 36, "conditions": "Partly cloudy"},
                    {"date": "2023-12-08", "high": 48, "low": 40, "conditions": "Rain"},
                ]
            },
        )
    )
    chat.say(
        "**Paris, December 5–8:**\n\n"
        "- **Tuesday:** cloudy, 43°F / 34°F\n"
        "- **Wednesday:** snow showers, 41°F / 31°F ❄️\n"
        "- **Thursday:** partly cloudy, 45°F / 36°F\n"
        "- **Friday:** rain, 48°F / 40°F\n\n"
        "Wednesday is the coldest day, with a low just below freezing; it warms up steadily after "
        "that, and Friday is the mildest but wet. Pack a warm coat and an umbrella."
    )
    chat.user("What's Wednesday in Celsius?")
    chat.call(
        ("ConvertUnits", {"value": 41, "from_unit": "fahrenheit", "to_unit": "celsius"}, {"result": 5.0}),
        ("ConvertUnits", {"value": 31, "from_unit": "fahrenheit", "to_unit": "celsius"}, {"result": -0.56}),
    )
    chat.say("Wednesday, December 6: a high of **5.0°C** and a low of **about −0.6°C**, with snow showers.")
    chat.user("Is that cold for Paris in December?")
    chat.call(
        (
            "HistoricWeather",
            {"location": "Paris", "month": "December"},
            {
                "weather": {
                    "min_temp": 37,
                    "max_temp": 46,
                    "record_min_temp": 9,
                    "record_max_temp": 63,
                    "avg_rainfall": 2.05,
                    "snow_days": 3,
                }
            },
        )
    )
    chat.say(
        "A bit colder than usual. A typical December in Paris averages a **high of 46°F** and a "
        "**low of 37°F**, so Wednesday's 41°F high is 5 degrees below normal and its 31°F low is "
        "6 degrees below. Snow isn't unusual, though: Paris averages **3 snow days** in December "
        "(and 2.05 inches of rain). The record low for the month is 9°F, so it's nowhere near "
        "extreme."
    )
    return chat.messages


# --- 15. Closing an account: details and reminders first, a wrong password, then done ------

TOKEN_DW = "a93e51c7-2f08-4b6d"


def _delete_account() -> list[Message]:
    chat = Chat(_system("2023-07-03 20:00:00", "Miami", "dwhit", TOKEN_DW))
    chat.user("I'm closing my account. Before that, what's on it, and do I have open reminders?")
    chat.call(
        (
            "QueryUser",
            {"session_token": TOKEN_DW, "username": "dwhit"},
            {
                "users": [
                    {
                        "username": "dwhit",
                        "email": "dana.whitfield@somail.com",
                        "phone": "305-555-0124",
                        "name": "Dana Whitfield",
                    }
                ]
            },
        ),
        (
            "GetReminders",
            {"session_token": TOKEN_DW},
            {
                "reminders": [
                    {
                        "reminder_id": "1f-c3a0",
                        "task": "Cancel gym membership",
                        "due_date": "2023-07-05 09:00:00",
                        "status": "pending",
                    },
                    {
                        "reminder_id": "1f-c29b",
                        "task": "Mail rent check",
                        "due_date": "2023-07-01 10:00:00",
                        "status": "completed",
                    },
                ]
            },
        ),
    )
    chat.say(
        "**Account**\n"
        "- Name: Dana Whitfield\n"
        "- Username: dwhit\n"
        "- Email: dana.whitfield@somail.com\n"
        "- Phone: 305-555-0124\n\n"
        "**Reminders:** 1 open, 1 completed\n"
        "- 🔔 *Cancel gym membership* — Wednesday, July 5 at 9:00 AM (pending)\n"
        "- ✅ *Mail rent check* — Saturday, July 1 (completed)\n\n"
        "You may want to note the gym reminder somewhere else before the account goes. To delete "
        "the account I'll need your password."
    )
    chat.user("Noted. Delete it, password BluePelican9.")
    chat.call(
        (
            "DeleteAccount",
            {"session_token": TOKEN_DW, "password": "BluePelican9"},
            "Exception: Incorrect password.",
        )
    )
    chat.say(
        "The deletion **didn't happen** — the password was rejected as incorrect, so your account "
        "**dwhit** still exists. Could you re-enter it?"
    )
    chat.user("Sorry, BluePelican99.")
    chat.call(
        ("DeleteAccount", {"session_token": TOKEN_DW, "password": "BluePelican99"}, {"status": "success"})
    )
    chat.say("Done — the account **dwhit** (Dana Whitfield) has been deleted.")
    chat.user("Just recap what happened for my notes.")
    chat.say(
        "Here's the summary:\n\n"
        "1. I read back your account (dwhit, dana.whitfield@somail.com, 305-555-0124) and your "
        "2 reminders — one open: *Cancel gym membership*, due Wednesday, July 5 at 9:00 AM.\n"
        "2. The first deletion attempt failed because the password was incorrect.\n"
        "3. The second attempt, with the corrected password, succeeded and the account was deleted."
    )
    return chat.messages


# --- 16. Party planning: four actions in one turn, durations, "the second guest" ----------

TOKEN_LM = "5e0b93d2-7a61-4f18"


def _party_planning() -> list[Message]:
    chat = Chat(_system("2024-06-05 12:30:00", "Denver", "lmensah", TOKEN_LM))
    chat.user("What do I have on Saturday?")
    chat.call(
        (
            "QueryCalendar",
            {
                "session_token": TOKEN_LM,
                "start_time": "2024-06-08 00:00:00",
                "end_time": "2024-06-08 23:59:59",
            },
            {
                "events": [
                    _event(
                        "9b70-0e31",
                        "Farmers market volunteering",
                        "event",
                        "2024-06-08 08:00:00",
                        "2024-06-08 11:00:00",
                        "Union Station",
                        ["lmensah"],
                    ),
                    _event(
                        "9b70-0f52",
                        "Call with Mom",
                        "event",
                        "2024-06-08 19:00:00",
                        "2024-06-08 19:30:00",
                        "phone",
                        ["lmensah"],
                    ),
                ]
            },
        )
    )
    chat.say(
        "On **Saturday, June 8** you have 2 things:\n\n"
        "1. **Farmers market volunteering** — 8:00–11:00 AM at Union Station\n"
        "2. **Call with Mom** — 7:00–7:30 PM\n\n"
        "The afternoon is open."
    )
    chat.user(
        'Create "Leo\'s birthday party" 3 to 6 pm at home with jkim, aodum and rsilva; email the '
        "invite to jkim@gahoo.com, a.odum@fexter.com and rafa.silva@somail.com; remind me Friday "
        "at 5 pm to buy the cake; and set an alarm for 7:15."
    )
    chat.call(
        (
            "CreateEvent",
            {
                "session_token": TOKEN_LM,
                "name": "Leo's birthday party",
                "event_type": "event",
                "start_time": "2024-06-08 15:00:00",
                "end_time": "2024-06-08 18:00:00",
                "location": "Home",
                "attendees": ["lmensah", "jkim", "aodum", "rsilva"],
            },
            {"event_id": "9b70-1a08"},
        ),
        (
            "SendEmail",
            {
                "session_token": TOKEN_LM,
                "to": ["jkim@gahoo.com", "a.odum@fexter.com", "rafa.silva@somail.com"],
                "subject": "You're invited: Leo's birthday party",
                "body": "Join us for Leo's birthday party on Saturday, June 8, 3-6 PM at our place!",
            },
            {"email_id": "c4-77e0-19ab23f1"},
        ),
        (
            "AddReminder",
            {"session_token": TOKEN_LM, "task": "Buy the cake", "due_date": "2024-06-07 17:00:00"},
            {"reminder_id": "2d-8f61"},
        ),
        ("AddAlarm", {"session_token": TOKEN_LM, "time": "07:15:00"}, {"alarm_id": "0c5e-a3b9"}),
    )
    chat.say(
        "All four are done:\n\n"
        "1. 🎂 **Leo's birthday party** — Saturday, June 8, 3:00–6:00 PM at home, with jkim, aodum "
        "and rsilva\n"
        "2. ✉️ **Invite emailed** to jkim@gahoo.com, a.odum@fexter.com and rafa.silva@somail.com "
        "(subject: *You're invited: Leo's birthday party*)\n"
        "3. 📝 **Reminder** to buy the cake — Friday, June 7 at 5:00 PM\n"
        "4. ⏰ **Alarm** at 7:15 AM"
    )
    chat.user(
        "How much time do I have between volunteering and the party, and between the party and Mom's call?"
    )
    chat.say(
        "- **Volunteering → party:** it ends at 11:00 AM and the party starts at 3:00 PM, so "
        "**4 hours**.\n"
        "- **Party → call with Mom:** the party ends at 6:00 PM and the call is at 7:00 PM, so "
        "**1 hour**."
    )
    chat.user(
        "The second guest just said they can't make it. Who was that? Send them a message that "
        "we'll miss them."
    )
    chat.call(
        (
            "SendMessage",
            {
                "session_token": TOKEN_LM,
                "receiver": "aodum",
                "message": "So sorry you can't make it Saturday — we'll miss you!",
            },
            {"message_id": "7f21-4e0d"},
        )
    )
    chat.say(
        "The second guest was **aodum** (a.odum@fexter.com). I messaged them: *\"So sorry you can't "
        "make it Saturday — we'll miss you!\"*\n\n"
        "Saturday now has 3 events: volunteering 8:00–11:00 AM, Leo's party 3:00–6:00 PM and the "
        "call with Mom 7:00–7:30 PM."
    )
    return chat.messages


CONVERSATIONS = {
    "week calendar": _week_calendar,
    "forecast week": _forecast_week,
    "inbox summary": _inbox_summary,
    "stock quotes": _stock_quotes,
    "account update": _account_update,
    "reminders cleanup": _reminders_cleanup,
    "alarms weekend": _alarms_weekend,
    "register and find a friend": _register_friend,
    "dinner messages": _dinner_messages,
    "vendor reschedule": _vendor_reschedule,
    "marathon numbers": _marathon_numbers,
    "password reset": _password_reset,
    "no results": _no_results,
    "paris trip": _paris_trip,
    "delete account": _delete_account,
    "party planning": _party_planning,
}

# Correct turns the checker still flags: the checker's open work (see the conv31a report).
KNOWN_FALSE_ALARMS: dict[str, list[str]] = {
    # "Thursday, September 14: nothing scheduled" names the empty day inside the queried week,
    # and "Monday and Wednesday have two events each" counts per day, not the whole list.
    "week calendar": ["traj[6]"],
    # "13 days overdue": November 14 (now) minus the due date November 1.
    "inbox summary": ["traj[4]"],
    # The full address offered as an example of the missing domain ending, with a question.
    "account update": ["traj[10]"],
    # "Invite emailed" after SendEmail ran; "the party ends at 6:00 PM" is the party's end, not
    # the call's; "3 events" is the 2 read plus the party created.
    "party planning": ["traj[11]", "traj[13]", "traj[17]"],
}


@pytest.mark.parametrize("name", CONVERSATIONS)
def test_every_turn_of_an_assistant_conversation_is_clean(name: str) -> None:
    turns = checked_turns(CONVERSATIONS[name]())
    assert 3 <= len(turns) <= 6
    known = KNOWN_FALSE_ALARMS.get(name, [])
    assert set(known) <= {where for where, _ in turns}
    assert [t for t in turns if t[1] and t[0] not in known] == []
