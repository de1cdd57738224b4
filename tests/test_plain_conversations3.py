"""Correct personal-assistant conversations in the ToolTalk style are clean, turn by turn.

A ToolTalk-style assistant logs the user in, keeps a session token, and then reads and
writes the user's calendar, inbox, messages, reminders and alarms, looks up weather,
quotes and conversions, often several calls in one turn. A demanding user asks for lists
read back with times, weekdays and counts, uses relative dates ("tomorrow", "Thursday next
week"), names people by name and by handle, switches between 12-hour and 24-hour clocks,
and asks for recaps of what was done. Some calls fail (a wrong password, an unknown handle,
an alarm not found) and the assistant says so. Every figure, date, weekday, count and name
in these answers was computed from the conversation, so every assistant turn must pass
without a blocking finding; turns the checker still flags although they are correct are
listed in ``KNOWN_FALSE_ALARMS`` and skipped, so the list says what to fix.
"""

from __future__ import annotations

import pytest

from tests.test_plain_conversations import Chat, Message, checked_turns


def _system(now: str, location: str, username: str | None = None, token: str | None = None) -> str:
    """The ToolTalk metadata as a system prompt: time, place and, once logged in, the session."""
    head = (
        "You are a helpful personal assistant. You can manage the user's account, alarms, "
        "calendar, e-mail, messages and reminders, and look up weather, stocks and conversions. "
        f"Current date and time: {now}. Location: {location}."
    )
    if username and token:
        return f"{head} The user is logged in as {username} (session token: {token})."
    return f"{head} The user is not logged in."


# --- Login first, then tomorrow's calendar, a move and a recap ------------------------------


def _login_calendar() -> list[Message]:
    chat = Chat(_system("Monday, 2025-10-06 08:40", "San Francisco"))
    chat.user("What do I have tomorrow?")
    chat.say("I can check that, but you're not logged in yet. What are your username and password?")
    chat.user("Username mreyes, password Tq8!larkspur")
    chat.call(
        ("UserLogin", {"username": "mreyes", "password": "Tq8!larkspur"}, {"session_token": "7c1e-44a0-b91f"})
    )
    chat.call(
        (
            "QueryCalendar",
            {
                "session_token": "7c1e-44a0-b91f",
                "start_time": "2025-10-07 00:00:00",
                "end_time": "2025-10-07 23:59:59",
            },
            {
                "events": [
                    {
                        "event_id": "a41c-0917",
                        "name": "Design sync",
                        "event_type": "meeting",
                        "start_time": "2025-10-07 09:30:00",
                        "end_time": "2025-10-07 10:15:00",
                        "location": "Room 2B",
                        "description": None,
                        "attendees": ["mreyes", "hlin", "okafor.j"],
                    },
                    {
                        "event_id": "b220-5e3d",
                        "name": "Dentist",
                        "event_type": "event",
                        "start_time": "2025-10-07 13:00:00",
                        "end_time": "2025-10-07 14:00:00",
                        "location": "Bayview Dental",
                        "description": None,
                        "attendees": None,
                    },
                    {
                        "event_id": "c908-71aa",
                        "name": "Budget review with Hana",
                        "event_type": "meeting",
                        "start_time": "2025-10-07 15:30:00",
                        "end_time": "2025-10-07 16:30:00",
                        "location": "online",
                        "description": None,
                        "attendees": ["mreyes", "hlin"],
                    },
                ]
            },
        )
    )
    chat.say(
        "You're logged in. Tomorrow, Tuesday, October 7, you have 3 things on your calendar:\n\n"
        "1. **Design sync** — 9:30–10:15 AM in Room 2B, with hlin and okafor.j\n"
        "2. **Dentist** — 1:00–2:00 PM at Bayview Dental\n"
        "3. **Budget review with Hana** — 3:30–4:30 PM, online, with hlin\n\n"
        "You're free between 10:15 AM and 1:00 PM."
    )
    chat.user("Move the budget review to next Tuesday, same time, and let Hana know.")
    chat.call(
        (
            "ModifyEvent",
            {
                "session_token": "7c1e-44a0-b91f",
                "event_id": "c908-71aa",
                "new_start_time": "2025-10-14 15:30:00",
                "new_end_time": "2025-10-14 16:30:00",
            },
            {"status": "success"},
        ),
        (
            "SendMessage",
            {
                "session_token": "7c1e-44a0-b91f",
                "receiver": "hlin",
                "message": "Hi Hana, I moved our budget review to next Tuesday, Oct 14, 3:30-4:30 PM.",
            },
            {"message_id": "f03b-2c81-9d40"},
        ),
    )
    chat.say(
        "Done — the budget review is now on **Tuesday, October 14, 3:30–4:30 PM**, and I messaged "
        "Hana (hlin) about the change."
    )
    chat.user("So what's left for tomorrow?")
    chat.say(
        "Tomorrow (Tuesday, October 7) you now have 2 events: the design sync at 9:30 AM and the "
        "dentist at 1:00 PM."
    )
    return chat.messages


# --- Reminders read back, one completed, one deleted, one added -----------------------------

TOKEN_TN = "3f9a-1bd2-77e0"


def _reminders() -> list[Message]:
    chat = Chat(_system("Wednesday, 2025-10-15 18:05", "Denver", "tnguyen", TOKEN_TN))
    chat.user("What reminders do I still have open?")
    chat.call(
        (
            "GetReminders",
            {"session_token": TOKEN_TN},
            {
                "reminders": [
                    {
                        "reminder_id": "4e-a01c",
                        "task": "Renew parking permit",
                        "due_date": "2025-10-14 09:00:00",
                        "status": "pending",
                    },
                    {
                        "reminder_id": "4e-a02d",
                        "task": "Call the landlord about the heater",
                        "due_date": "2025-10-15 19:00:00",
                        "status": "pending",
                    },
                    {
                        "reminder_id": "4e-9f77",
                        "task": "Pick up dry cleaning",
                        "due_date": "2025-10-13 17:30:00",
                        "status": "completed",
                    },
                    {
                        "reminder_id": "4e-a05b",
                        "task": "Book flu shot",
                        "due_date": "2025-10-17 12:00:00",
                        "status": "pending",
                    },
                ]
            },
        )
    )
    chat.say(
        "You have 3 open reminders:\n\n"
        "- **Renew parking permit** — was due yesterday (Tuesday, Oct 14) at 9:00 AM, so it's overdue\n"
        "- **Call the landlord about the heater** — today at 7:00 PM\n"
        "- **Book flu shot** — Friday, Oct 17 at 12:00 PM\n\n"
        '"Pick up dry cleaning" is already marked complete.'
    )
    chat.user("I renewed the permit this morning. Mark it done, and delete the flu shot one, it's booked.")
    chat.call(
        ("CompleteReminder", {"session_token": TOKEN_TN, "reminder_id": "4e-a01c"}, {"status": "success"}),
        ("DeleteReminder", {"session_token": TOKEN_TN, "reminder_id": "4e-a05b"}, {"status": "success"}),
    )
    chat.say(
        'Done: "Renew parking permit" is marked complete and the "Book flu shot" reminder is deleted. '
        "That leaves 1 open reminder: calling the landlord about the heater, today at 7:00 PM."
    )
    chat.user("Add one for Saturday at 10 to buy a space heater.")
    chat.call(
        (
            "AddReminder",
            {"session_token": TOKEN_TN, "task": "Buy a space heater", "due_date": "2025-10-18 10:00:00"},
            {"reminder_id": "4e-a0c2"},
        )
    )
    chat.say(
        'Added: "Buy a space heater" on **Saturday, October 18 at 10:00 AM**. You now have 2 open reminders.'
    )
    chat.user("How long until the landlord call?")
    chat.say("55 minutes — the reminder to call the landlord is at 7:00 PM today, and it's 6:05 PM now.")
    return chat.messages


# --- A login that fails, a password reset, alarms, logout ------------------------------------


def _reset_password() -> list[Message]:
    chat = Chat(_system("Thursday, 2025-11-20 07:15", "Seattle"))
    chat.user("Log me in: username kbrandt, password Maple#2024. Then set an alarm for 6:30 tomorrow.")
    chat.call(
        (
            "UserLogin",
            {"username": "kbrandt", "password": "Maple#2024"},
            {"error": "InvalidPassword: the password is incorrect for user kbrandt"},
        )
    )
    chat.say(
        "I couldn't log you in — the service says the password is incorrect for kbrandt, so I "
        "haven't set the alarm yet. Do you want to try another password or reset it?"
    )
    chat.user("Reset it. The code I got is 418207, new password Fjord!Light9.")
    chat.call(
        (
            "ResetPassword",
            {"username": "kbrandt", "verification_code": "418207", "new_password": "Fjord!Light9"},
            {"status": "success"},
        )
    )
    chat.call(
        (
            "UserLogin",
            {"username": "kbrandt", "password": "Fjord!Light9"},
            {"session_token": "d55e-0c3a-81f2"},
        )
    )
    chat.call(
        ("AddAlarm", {"session_token": "d55e-0c3a-81f2", "time": "06:30:00"}, {"alarm_id": "6a0e-77b1"})
    )
    chat.say(
        "Your password has been reset and you're logged in. I set an alarm for **6:30 AM**, so it "
        "will go off tomorrow morning, Friday, November 21."
    )
    chat.user("What other alarms do I have before 8?")
    chat.call(
        (
            "FindAlarms",
            {"session_token": "d55e-0c3a-81f2", "start_range": "00:00:00", "end_range": "08:00:00"},
            {
                "alarms": [
                    {"alarm_id": "12c4-9e0a", "time": "05:45:00"},
                    {"alarm_id": "6a0e-77b1", "time": "06:30:00"},
                    {"alarm_id": "3b7f-d402", "time": "07:10:00"},
                ]
            },
        )
    )
    chat.say("You have 3 alarms before 8 AM: 5:45 AM, 6:30 AM (the one I just set) and 7:10 AM.")
    chat.user("Delete the 5:45 one and log me out.")
    chat.call(
        ("DeleteAlarm", {"session_token": "d55e-0c3a-81f2", "alarm_id": "12c4-9e0a"}, {"status": "success"})
    )
    chat.call(("LogoutUser", {"session_token": "d55e-0c3a-81f2"}, {"status": "success"}))
    chat.say("I deleted the 5:45 AM alarm, so you're left with 6:30 AM and 7:10 AM. You're now logged out.")
    return chat.messages


# --- An inbox search, a reply with a colleague found by handle, a deposit reminder -----------

TOKEN_AO = "91bd-e2f0-5a63"


def _inbox_reply() -> list[Message]:
    chat = Chat(_system("Tuesday, 2026-02-03 10:20", "Boston", "aokonkwo", TOKEN_AO))
    chat.user("Find emails about the venue contract.")
    chat.call(
        (
            "SearchInbox",
            {"session_token": TOKEN_AO, "query": "venue contract"},
            {
                "emails": [
                    {
                        "email_id": "c1-7a20-4be91f0d",
                        "date": "2026-01-29 16:12:00",
                        "sender": "bookings@harborhall.com",
                        "receivers": ["adaeze.okonkwo@gahoo.com"],
                        "subject": "Harbor Hall – contract draft",
                        "body": "Attached is the draft contract for your March 14 event. A deposit of "
                        "$1,200 is due by February 10.",
                    },
                    {
                        "email_id": "c1-80f3-1d2e7a44",
                        "date": "2026-02-02 09:47:00",
                        "sender": "leo.marsh@fmail.com",
                        "receivers": ["adaeze.okonkwo@gahoo.com"],
                        "subject": "Re: venue contract",
                        "body": "I read the draft. Clause 7 caps the guest count at 120 and we expect 140.",
                    },
                    {
                        "email_id": "c1-6e11-90ab3c57",
                        "date": "2026-01-22 11:05:00",
                        "sender": "events@stillwater.org",
                        "receivers": ["adaeze.okonkwo@gahoo.com"],
                        "subject": "Stillwater venue contract options",
                        "body": "Our Saturday rate is $2,400 for up to 150 guests.",
                    },
                ]
            },
        )
    )
    chat.say(
        "I found 3 emails about the venue contract:\n\n"
        "1. **Harbor Hall – contract draft** from bookings@harborhall.com, Thursday, Jan 29 at "
        "4:12 PM — the draft contract for your March 14 event; a $1,200 deposit is due by February 10.\n"
        "2. **Re: venue contract** from Leo Marsh (leo.marsh@fmail.com), yesterday at 9:47 AM — "
        "clause 7 caps the guest count at 120, and you expect 140.\n"
        "3. **Stillwater venue contract options** from events@stillwater.org, Thursday, Jan 22 at "
        "11:05 AM — their Saturday rate is $2,400 for up to 150 guests."
    )
    chat.user("Reply to Harbor Hall asking if they can raise the cap to 140, and copy Priya — she's psethi.")
    chat.call(
        (
            "QueryUser",
            {"session_token": TOKEN_AO, "username": "psethi"},
            {
                "users": [
                    {
                        "username": "psethi",
                        "email": "priya.sethi@gahoo.com",
                        "phone": "617-555-0182",
                        "name": "Priya Sethi",
                    }
                ]
            },
        )
    )
    chat.call(
        (
            "SendEmail",
            {
                "session_token": TOKEN_AO,
                "to": ["bookings@harborhall.com", "priya.sethi@gahoo.com"],
                "subject": "Re: Harbor Hall – contract draft",
                "body": "Hello, thank you for the draft. Clause 7 caps the guest count at 120; could "
                "you raise it to 140? Best, Adaeze",
            },
            {"email_id": "c1-8a9d-e004b711"},
        )
    )
    chat.say(
        "Sent. I asked Harbor Hall whether they can raise the guest cap from 120 to 140, and copied "
        "Priya Sethi (priya.sethi@gahoo.com)."
    )
    chat.user("And remind me to pay the deposit two days before it's due.")
    chat.call(
        (
            "AddReminder",
            {
                "session_token": TOKEN_AO,
                "task": "Pay the $1,200 Harbor Hall deposit",
                "due_date": "2026-02-08 09:00:00",
            },
            {"reminder_id": "c1-8b02"},
        )
    )
    chat.say(
        "Reminder set for **Sunday, February 8 at 9:00 AM**: pay the $1,200 Harbor Hall deposit, two "
        "days before the February 10 deadline."
    )
    chat.user("Summarize what you've done so far.")
    chat.say(
        "Three things:\n\n"
        "1. Found 3 emails about the venue contract.\n"
        "2. Replied to Harbor Hall asking them to raise the guest cap from 120 to 140, with Priya "
        "Sethi in copy.\n"
        "3. Set a reminder for Sunday, February 8 at 9:00 AM to pay the $1,200 deposit."
    )
    return chat.messages


# --- Messages from a handle, a reply that fails on an unknown handle, then succeeds -----------

TOKEN_JP = "0a44-c7d9-e1b5"


def _message_failure() -> list[Message]:
    chat = Chat(_system("Friday, 2025-12-05 16:30", "Austin", "jpark", TOKEN_JP))
    chat.user("Did Marco message me today?")
    chat.call(
        (
            "SearchMessages",
            {
                "session_token": TOKEN_JP,
                "sender": "marco.r",
                "start_date": "2025-12-05 00:00:00",
                "end_date": "2025-12-05 23:59:59",
            },
            {
                "messages": [
                    {
                        "message_id": "77d1c0aa-4e02f9b3",
                        "timestamp": "2025-12-05 11:02:00",
                        "sender": "marco.r",
                        "message": "Are we still on for the demo Monday?",
                    },
                    {
                        "message_id": "77d1c0aa-4e0358d1",
                        "timestamp": "2025-12-05 15:48:00",
                        "sender": "marco.r",
                        "message": "Also, can you bring the HDMI adapter?",
                    },
                ]
            },
        )
    )
    chat.say(
        "Yes, Marco (marco.r) sent you 2 messages today:\n\n"
        '- 11:02 AM: "Are we still on for the demo Monday?"\n'
        '- 3:48 PM: "Also, can you bring the HDMI adapter?"'
    )
    chat.user("Tell him yes to both, and message Dana that the demo is Monday at 10 — she's dana_k.")
    chat.call(
        (
            "SendMessage",
            {"session_token": TOKEN_JP, "receiver": "marco.r", "message": "Yes to both, see you Monday!"},
            {"message_id": "77d1c0aa-4e03a2c6"},
        ),
        (
            "SendMessage",
            {"session_token": TOKEN_JP, "receiver": "dana_k", "message": "The demo is Monday at 10 AM."},
            {"error": "UserNotFound: no user with username dana_k"},
        ),
    )
    chat.say(
        "I sent Marco your reply. The message to Dana didn't go through: there is no user with the "
        "username dana_k. Do you know her exact handle?"
    )
    chat.user("Try dkowalski.")
    chat.call(
        (
            "QueryUser",
            {"session_token": TOKEN_JP, "username": "dkowalski"},
            {
                "users": [
                    {
                        "username": "dkowalski",
                        "email": "dana.kowalski@gahoo.com",
                        "phone": "512-555-0143",
                        "name": "Dana Kowalski",
                    }
                ]
            },
        )
    )
    chat.call(
        (
            "SendMessage",
            {"session_token": TOKEN_JP, "receiver": "dkowalski", "message": "The demo is Monday at 10 AM."},
            {"message_id": "77d1c0aa-4e03b7e0"},
        )
    )
    chat.say(
        "That worked — dkowalski is Dana Kowalski, and she now has your message that the demo is "
        "Monday at 10 AM."
    )
    chat.user("Thanks. Remind me to pack the HDMI adapter Sunday evening at 8.")
    chat.call(
        (
            "AddReminder",
            {"session_token": TOKEN_JP, "task": "Pack the HDMI adapter", "due_date": "2025-12-07 20:00:00"},
            {"reminder_id": "9c-31f0"},
        )
    )
    chat.say('Set: "Pack the HDMI adapter" on Sunday, December 7 at 8:00 PM, the evening before the demo.')
    return chat.messages


# --- Current weather and a forecast, a conversion to Celsius, the historic average -----------


def _weather() -> list[Message]:
    chat = Chat(_system("Saturday, 2026-03-14 10:00", "Chicago", "nhassan", "5e20-aa71-0c9d"))
    chat.user("What's the weather like right now, and for the next three days?")
    chat.call(
        (
            "CurrentWeather",
            {"location": "Chicago"},
            {"weather": {"date": "2026-03-14", "high": 48, "low": 33, "conditions": "Cloudy"}},
        ),
        (
            "ForecastWeather",
            {"location": "Chicago", "days": 3},
            {
                "forecast": [
                    {"date": "2026-03-15", "high": 52, "low": 37, "conditions": "Partly cloudy"},
                    {"date": "2026-03-16", "high": 41, "low": 29, "conditions": "Snow showers"},
                    {"date": "2026-03-17", "high": 45, "low": 31, "conditions": "Sunny"},
                ]
            },
        ),
    )
    chat.say(
        "Today in Chicago it's cloudy, with a high of 48°F and a low of 33°F. The next three days:\n\n"
        "- **Sunday, March 15:** partly cloudy, 52°F / 37°F\n"
        "- **Monday, March 16:** snow showers, 41°F / 29°F\n"
        "- **Tuesday, March 17:** sunny, 45°F / 31°F\n\n"
        "Monday is the coldest day, with a low below freezing."
    )
    chat.user("My cousin in Lyon wants it in Celsius — convert Monday's high and low.")
    chat.call(
        (
            "ConvertUnits",
            {"value": 41, "from_unit": "fahrenheit", "to_unit": "celsius"},
            {"value": 41, "from_unit": "fahrenheit", "to_unit": "celsius", "result": 5.0},
        ),
        (
            "ConvertUnits",
            {"value": 29, "from_unit": "fahrenheit", "to_unit": "celsius"},
            {"value": 29, "from_unit": "fahrenheit", "to_unit": "celsius", "result": -1.67},
        ),
    )
    chat.say("Monday's high of 41°F is 5°C, and the low of 29°F is about -1.7°C.")
    chat.user("How does that compare to a normal March here?")
    chat.call(
        (
            "HistoricWeather",
            {"location": "Chicago", "month": "March"},
            {
                "weather": {
                    "min_temp": 32,
                    "max_temp": 47,
                    "record_min_temp": -12,
                    "record_max_temp": 88,
                    "avg_rainfall": 2.5,
                    "snow_days": 5,
                }
            },
        )
    )
    chat.say(
        "A typical March day in Chicago runs from 32°F to 47°F. Monday's high of 41°F is 6 degrees "
        "below the usual high, and its low of 29°F is 3 degrees under the normal low. Today's 48°F "
        "is 1 degree above average. March averages 5 snow days here, and the record low for the "
        "month is -12°F."
    )
    return chat.messages


# --- Two quotes in parallel, a holding's value, a currency conversion, a reminder ------------

TOKEN_RC = "b7f3-19e4-2d6c"


def _stocks() -> list[Message]:
    chat = Chat(_system("Monday, 2026-04-20 15:10", "New York", "rcho", TOKEN_RC))
    chat.user("How are AAPL and MSFT doing today?")
    chat.call(
        (
            "QueryStock",
            {"symbol": "AAPL", "date": "2026-04-20"},
            {"symbol": "AAPL", "date": "2026-04-20", "open": 201.35, "price": 204.1, "change_percent": 1.37},
        ),
        (
            "QueryStock",
            {"symbol": "MSFT", "date": "2026-04-20"},
            {"symbol": "MSFT", "date": "2026-04-20", "open": 418.9, "price": 412.55, "change_percent": -1.52},
        ),
    )
    chat.say(
        "- **AAPL:** $204.10, up 1.37% (opened at $201.35)\n"
        "- **MSFT:** $412.55, down 1.52% (opened at $418.90)"
    )
    chat.user("I hold 35 AAPL and 12 MSFT. What are they worth together?")
    chat.call(("Calculate", {"expression": "35 * 204.10 + 12 * 412.55"}, {"result": 12094.1}))
    chat.say(
        "Your 35 AAPL shares are worth $7,143.50 and your 12 MSFT shares $4,950.60, so **$12,094.10** "
        "in total at today's prices."
    )
    chat.user("And in euros?")
    chat.call(
        (
            "Convert",
            {"from": "USD", "to": "EUR", "amount": 12094.1},
            {"from": "USD", "to": "EUR", "amount": 12094.1, "rate": 0.8712, "converted": 10536.38},
        )
    )
    chat.say("That's about **€10,536.38**, at a rate of 0.8712 euros per dollar.")
    chat.user("Remind me tomorrow at 9:30 to check them again before the open.")
    chat.call(
        (
            "AddReminder",
            {"session_token": TOKEN_RC, "task": "Check AAPL and MSFT", "due_date": "2026-04-21 09:30:00"},
            {"reminder_id": "7d-0e51"},
        )
    )
    chat.say("Reminder set for tomorrow, Tuesday, April 21, at 9:30 AM: check AAPL and MSFT before the open.")
    chat.user("Net, how much did my holdings move since this morning's open?")
    chat.say(
        "Since the open, your AAPL shares gained $96.25 (35 × $2.75) and your MSFT shares lost "
        "$76.20 (12 × $6.35), so you're up **$20.05** net."
    )
    return chat.messages


# --- Alarms on a 24-hour clock: a deletion that fails, a check, a retry -----------------------

TOKEN_HW = "e08c-4f5a-b3d1"


def _alarms_24h() -> list[Message]:
    chat = Chat(_system("Sunday, 2026-01-18 21:40", "London", "hwhitaker", TOKEN_HW))
    chat.user("List my alarms between 05:00 and 09:00.")
    chat.call(
        (
            "FindAlarms",
            {"session_token": TOKEN_HW, "start_range": "05:00:00", "end_range": "09:00:00"},
            {
                "alarms": [
                    {"alarm_id": "7d1e-0530", "time": "05:30:00"},
                    {"alarm_id": "7d1e-0600", "time": "06:00:00"},
                    {"alarm_id": "7d1e-0615", "time": "06:15:00"},
                    {"alarm_id": "7d1e-0745", "time": "07:45:00"},
                    {"alarm_id": "7d1e-0830", "time": "08:30:00"},
                ]
            },
        )
    )
    chat.say("You have 5 alarms between 05:00 and 09:00: 05:30, 06:00, 06:15, 07:45 and 08:30.")
    chat.user("Delete everything before 06:30 and add one at 06:40.")
    chat.call(
        ("DeleteAlarm", {"session_token": TOKEN_HW, "alarm_id": "7d1e-0530"}, {"status": "success"}),
        ("DeleteAlarm", {"session_token": TOKEN_HW, "alarm_id": "7d1e-0600"}, {"status": "success"}),
        (
            "DeleteAlarm",
            {"session_token": TOKEN_HW, "alarm_id": "7d1e-0615"},
            {"error": "AlarmNotFound: no alarm with id 7d1e-0615"},
        ),
        ("AddAlarm", {"session_token": TOKEN_HW, "time": "06:40:00"}, {"alarm_id": "7d1e-0640"}),
    )
    chat.say(
        "I deleted the 05:30 and 06:00 alarms and added a new one at 06:40. The 06:15 alarm could "
        "not be deleted — the service said it wasn't found. Shall I check whether it's still set?"
    )
    chat.user("Yes, check again.")
    chat.call(
        (
            "FindAlarms",
            {"session_token": TOKEN_HW, "start_range": "05:00:00", "end_range": "09:00:00"},
            {
                "alarms": [
                    {"alarm_id": "7d1e-0615", "time": "06:15:00"},
                    {"alarm_id": "7d1e-0640", "time": "06:40:00"},
                    {"alarm_id": "7d1e-0745", "time": "07:45:00"},
                    {"alarm_id": "7d1e-0830", "time": "08:30:00"},
                ]
            },
        )
    )
    chat.say(
        "The 06:15 alarm is still there. Between 05:00 and 09:00 you now have 4 alarms: 06:15, "
        "06:40, 07:45 and 08:30. Shall I try deleting 06:15 again?"
    )
    chat.user("Yes.")
    chat.call(("DeleteAlarm", {"session_token": TOKEN_HW, "alarm_id": "7d1e-0615"}, {"status": "success"}))
    chat.say(
        "Done, the 06:15 alarm is deleted this time. Between 05:00 and 09:00, tomorrow morning (Monday) "
        "you have 3 alarms left: 06:40, 07:45 and 08:30."
    )
    return chat.messages


# --- A meeting with attendees by handle, messages to both, a move, a recap -------------------

TOKEN_SL = "29ce-d610-8f47"


def _team_event() -> list[Message]:
    chat = Chat(_system("Tuesday, 2025-10-14 11:00", "Portland", "slarsen", TOKEN_SL))
    chat.user("Set up a 45-minute retro Thursday next week at 2 pm in the Fern room with ben.h and amira_z.")
    chat.call(
        (
            "CreateEvent",
            {
                "session_token": TOKEN_SL,
                "name": "Retro",
                "event_type": "meeting",
                "start_time": "2025-10-23 14:00:00",
                "end_time": "2025-10-23 14:45:00",
                "location": "Fern room",
                "attendees": ["slarsen", "ben.h", "amira_z"],
            },
            {"event_id": "5f1d-c2a8"},
        )
    )
    chat.say(
        "The **Retro** is booked for Thursday, October 23, 2:00–2:45 PM in the Fern room, with ben.h "
        "and amira_z."
    )
    chat.user("Message both of them about it.")
    text = "Retro on Thursday, Oct 23, 2:00-2:45 PM in the Fern room. See you there! Sofie"
    chat.call(
        (
            "SendMessage",
            {"session_token": TOKEN_SL, "receiver": "ben.h", "message": text},
            {"message_id": "m-5521"},
        ),
        (
            "SendMessage",
            {"session_token": TOKEN_SL, "receiver": "amira_z", "message": text},
            {"message_id": "m-5522"},
        ),
    )
    chat.say(
        "I sent ben.h and amira_z a message about the retro on Thursday, October 23 at 2:00 PM in the "
        "Fern room."
    )
    chat.user("Actually, make it 3:30 instead, and tell them.")
    moved = "Update: the retro on Thursday, Oct 23 moves to 3:30-4:15 PM, same room. Sofie"
    chat.call(
        (
            "ModifyEvent",
            {
                "session_token": TOKEN_SL,
                "event_id": "5f1d-c2a8",
                "new_start_time": "2025-10-23 15:30:00",
                "new_end_time": "2025-10-23 16:15:00",
            },
            {"status": "success"},
        ),
        (
            "SendMessage",
            {"session_token": TOKEN_SL, "receiver": "ben.h", "message": moved},
            {"message_id": "m-5530"},
        ),
        (
            "SendMessage",
            {"session_token": TOKEN_SL, "receiver": "amira_z", "message": moved},
            {"message_id": "m-5531"},
        ),
    )
    chat.say(
        "Moved: the retro is now **3:30–4:15 PM** on Thursday, October 23, still 45 minutes in the Fern "
        "room. I let ben.h and amira_z know about the new time."
    )
    chat.user("Recap what you did for me, please.")
    chat.say(
        "Here's what I did:\n\n"
        "1. Created the retro for Thursday, October 23 in the Fern room with ben.h and amira_z.\n"
        "2. Messaged both of them about it.\n"
        "3. Moved it from 2:00 PM to 3:30 PM (it now ends at 4:15 PM) and messaged them the new time."
    )
    return chat.messages


# --- An account update rejected for a wrong password, then done, then a new password ---------

TOKEN_DM = "6b90-f3e7-0a12"


def _account_update() -> list[Message]:
    chat = Chat(_system("Monday, 2026-03-09 09:05", "Phoenix", "dmoreau", TOKEN_DM))
    chat.user(
        "Update my phone number to 602-555-0147 and my email to d.moreau@fmail.com. Password is Sage-71river."
    )
    chat.call(
        (
            "UpdateAccountInformation",
            {
                "session_token": TOKEN_DM,
                "password": "Sage-71river",
                "new_email": "d.moreau@fmail.com",
                "new_phone_number": "602-555-0147",
            },
            {"error": "InvalidPassword: the password is incorrect"},
        )
    )
    chat.say(
        "The update didn't go through: the service rejected the password, so your phone number and "
        "email are unchanged. Could you double-check the password?"
    )
    chat.user("Sorry, it's Sage-71River.")
    chat.call(
        (
            "UpdateAccountInformation",
            {
                "session_token": TOKEN_DM,
                "password": "Sage-71River",
                "new_email": "d.moreau@fmail.com",
                "new_phone_number": "602-555-0147",
            },
            {"status": "success"},
        )
    )
    chat.call(
        (
            "QueryUser",
            {"session_token": TOKEN_DM, "username": "dmoreau"},
            {
                "users": [
                    {
                        "username": "dmoreau",
                        "email": "d.moreau@fmail.com",
                        "phone": "602-555-0147",
                        "name": "Daniel Moreau",
                    }
                ]
            },
        )
    )
    chat.say(
        "Updated. Your account (dmoreau) now shows the email d.moreau@fmail.com and the phone number "
        "602-555-0147."
    )
    chat.user("While we're at it, change the password to Copper!Mesa44.")
    chat.call(
        (
            "ChangePassword",
            {"session_token": TOKEN_DM, "old_password": "Sage-71River", "new_password": "Copper!Mesa44"},
            {"status": "success"},
        )
    )
    chat.say("Your password has been changed. Use the new one the next time you log in.")
    return chat.messages


# --- A new account, two reminders in one turn, a read-back, logout --------------------------


def _register() -> list[Message]:
    chat = Chat(_system("Wednesday, 2026-05-06 19:30", "Atlanta"))
    chat.user(
        "I want an account. Username tbello, password Kite+Harbor3, email tolu.bello@gahoo.com, phone "
        "404-555-0199, name Tolu Bello."
    )
    user = {
        "username": "tbello",
        "email": "tolu.bello@gahoo.com",
        "phone": "404-555-0199",
        "name": "Tolu Bello",
    }
    chat.call(
        (
            "RegisterUser",
            {**user, "password": "Kite+Harbor3"},
            {"session_token": "a3c8-5d01-e7f9", "user": user},
        )
    )
    chat.say(
        "Welcome, Tolu! Your account **tbello** is set up with tolu.bello@gahoo.com and 404-555-0199, "
        "and you're logged in."
    )
    chat.user("Add two reminders: renew passport on Friday at noon, and call Grandma on Sunday at 4 pm.")
    chat.call(
        (
            "AddReminder",
            {"session_token": "a3c8-5d01-e7f9", "task": "Renew passport", "due_date": "2026-05-08 12:00:00"},
            {"reminder_id": "b2-0141"},
        ),
        (
            "AddReminder",
            {"session_token": "a3c8-5d01-e7f9", "task": "Call Grandma", "due_date": "2026-05-10 16:00:00"},
            {"reminder_id": "b2-0142"},
        ),
    )
    chat.say(
        "Both reminders are set:\n\n"
        "- **Renew passport** — Friday, May 8 at 12:00 PM\n"
        "- **Call Grandma** — Sunday, May 10 at 4:00 PM"
    )
    chat.user("Show me my reminders to be sure, then log me out.")
    chat.call(
        (
            "GetReminders",
            {"session_token": "a3c8-5d01-e7f9"},
            {
                "reminders": [
                    {
                        "reminder_id": "b2-0141",
                        "task": "Renew passport",
                        "due_date": "2026-05-08 12:00:00",
                        "status": "pending",
                    },
                    {
                        "reminder_id": "b2-0142",
                        "task": "Call Grandma",
                        "due_date": "2026-05-10 16:00:00",
                        "status": "pending",
                    },
                ]
            },
        )
    )
    chat.call(("LogoutUser", {"session_token": "a3c8-5d01-e7f9"}, {"status": "success"}))
    chat.say(
        "You have 2 reminders: renew passport (Friday, May 8, 12:00 PM) and call Grandma (Sunday, "
        "May 10, 4:00 PM). You're logged out now."
    )
    return chat.messages


# --- Before deleting an account: the rest of the month read back, then the deletion, a recap --

TOKEN_VO = "f4d2-6a8e-3c05"


def _delete_account() -> list[Message]:
    chat = Chat(_system("Friday, 2025-11-14 09:00", "Miami", "vortiz", TOKEN_VO))
    chat.user(
        "I'm moving to a new account. Before I delete this one, what's on my calendar for the rest of "
        "the month, and which reminders are open?"
    )
    chat.call(
        (
            "QueryCalendar",
            {
                "session_token": TOKEN_VO,
                "start_time": "2025-11-14 09:00:00",
                "end_time": "2025-11-30 23:59:59",
            },
            {
                "events": [
                    {
                        "event_id": "0e7b-41c9",
                        "name": "Car service",
                        "event_type": "event",
                        "start_time": "2025-11-19 08:30:00",
                        "end_time": "2025-11-19 10:00:00",
                        "location": "Sunline Auto",
                        "description": None,
                        "attendees": None,
                    },
                    {
                        "event_id": "0e7b-52d3",
                        "name": "Thanksgiving dinner at Lucia's",
                        "event_type": "event",
                        "start_time": "2025-11-27 17:00:00",
                        "end_time": "2025-11-27 21:00:00",
                        "location": None,
                        "description": None,
                        "attendees": None,
                    },
                ]
            },
        ),
        (
            "GetReminders",
            {"session_token": TOKEN_VO},
            {
                "reminders": [
                    {
                        "reminder_id": "88-10af",
                        "task": "Send rent",
                        "due_date": "2025-11-30 10:00:00",
                        "status": "pending",
                    },
                    {
                        "reminder_id": "88-0fd2",
                        "task": "Return library books",
                        "due_date": "2025-11-18 18:00:00",
                        "status": "pending",
                    },
                    {
                        "reminder_id": "88-0e91",
                        "task": "Order printer ink",
                        "due_date": "2025-11-10 12:00:00",
                        "status": "completed",
                    },
                ]
            },
        ),
    )
    chat.say(
        "For the rest of November you have 2 events:\n\n"
        "- **Car service** — Wednesday, Nov 19, 8:30–10:00 AM at Sunline Auto\n"
        "- **Thanksgiving dinner at Lucia's** — Thursday, Nov 27, 5:00–9:00 PM\n\n"
        "And 2 open reminders:\n\n"
        "- **Return library books** — Tuesday, Nov 18 at 6:00 PM\n"
        "- **Send rent** — Sunday, Nov 30 at 10:00 AM\n\n"
        "Once the account is deleted you won't see these here any more. Do you want to note them first?"
    )
    chat.user("I've written them down. Delete it, password is Palm#0920.")
    chat.call(("DeleteAccount", {"session_token": TOKEN_VO, "password": "Palm#0920"}, {"status": "success"}))
    chat.say(
        "Your account vortiz has been deleted. Log in with your new account to keep using the assistant."
    )
    chat.user("OK, thanks. What were the two reminders again?")
    chat.say(
        "The two open reminders were: return library books on Tuesday, Nov 18 at 6:00 PM, and send "
        "rent on Sunday, Nov 30 at 10:00 AM."
    )
    return chat.messages


# --- A weekend trip: forecast, three actions in one turn, a distance, the reply in the inbox --

TOKEN_LH = "c6e1-09b4-f72a"


def _weekend_trip() -> list[Message]:
    chat = Chat(_system("Thursday, 2026-02-05 12:15", "Denver", "lhart", TOKEN_LH))
    chat.user("I'm thinking of driving to Aspen this weekend. What's the forecast there?")
    chat.call(
        (
            "ForecastWeather",
            {"location": "Aspen"},
            {
                "forecast": [
                    {"date": "2026-02-06", "high": 28, "low": 12, "conditions": "Snow"},
                    {"date": "2026-02-07", "high": 31, "low": 15, "conditions": "Sunny"},
                    {"date": "2026-02-08", "high": 34, "low": 18, "conditions": "Partly cloudy"},
                ]
            },
        )
    )
    chat.say(
        "Here's the Aspen forecast:\n\n"
        "- **Friday, Feb 6:** snow, high 28°F, low 12°F\n"
        "- **Saturday, Feb 7:** sunny, 31°F / 15°F\n"
        "- **Sunday, Feb 8:** partly cloudy, 34°F / 18°F\n\n"
        "Saturday and Sunday look dry, so leaving Saturday morning avoids Friday's snow."
    )
    chat.user(
        "Great. Block Saturday 8 am to Sunday 6 pm as 'Aspen trip', remind me Friday at 7 pm to pack "
        "the chains, and email Jon (jon.alvarez@gahoo.com) that we leave at 8."
    )
    chat.call(
        (
            "CreateEvent",
            {
                "session_token": TOKEN_LH,
                "name": "Aspen trip",
                "event_type": "event",
                "start_time": "2026-02-07 08:00:00",
                "end_time": "2026-02-08 18:00:00",
            },
            {"event_id": "71aa-e30c"},
        ),
        (
            "AddReminder",
            {"session_token": TOKEN_LH, "task": "Pack the snow chains", "due_date": "2026-02-06 19:00:00"},
            {"reminder_id": "3d-7c12"},
        ),
        (
            "SendEmail",
            {
                "session_token": TOKEN_LH,
                "to": ["jon.alvarez@gahoo.com"],
                "subject": "Aspen this weekend",
                "body": "Hi Jon, we leave for Aspen on Saturday at 8 AM. Lena",
            },
            {"email_id": "3d-7c12-a01f55e2"},
        ),
    )
    chat.say(
        "All set:\n\n"
        "- **Aspen trip** is on your calendar from Saturday, Feb 7 at 8:00 AM to Sunday, Feb 8 at 6:00 PM\n"
        "- A reminder to pack the chains on Friday, Feb 6 at 7:00 PM\n"
        "- I emailed Jon (jon.alvarez@gahoo.com) that you leave at 8 AM on Saturday"
    )
    chat.user("How far is it in km? It's 160 miles.")
    chat.call(
        (
            "ConvertUnits",
            {"value": 160, "from_unit": "miles", "to_unit": "kilometers"},
            {"value": 160, "from_unit": "miles", "to_unit": "kilometers", "result": 257.495},
        )
    )
    chat.say("160 miles is about **257.5 km**.")
    chat.user("Did Jon answer yet?")
    chat.call(
        (
            "SearchInbox",
            {"session_token": TOKEN_LH, "sender": "jon.alvarez@gahoo.com", "query": "Aspen"},
            {
                "emails": [
                    {
                        "email_id": "3d-7d40-c9b2e611",
                        "date": "2026-02-05 12:41:00",
                        "sender": "jon.alvarez@gahoo.com",
                        "receivers": ["lena.hart@gahoo.com"],
                        "subject": "Re: Aspen this weekend",
                        "body": "Sounds good! I'll bring snacks.",
                    }
                ]
            },
        )
    )
    chat.say('Yes — Jon replied at 12:41 PM: "Sounds good! I\'ll bring snacks."')
    return chat.messages


# --- A recipe scaled: conversions, a calculation, a reminder and an alarm --------------------

TOKEN_EB = "8a57-b2c0-d4e6"


def _recipe() -> list[Message]:
    chat = Chat(_system("Monday, 2025-10-06 18:20", "Toronto", "ebarros", TOKEN_EB))
    chat.user("Convert 2.5 pounds to kilograms and 350 °F to Celsius.")
    chat.call(
        (
            "ConvertUnits",
            {"value": 2.5, "from_unit": "pounds", "to_unit": "kilograms"},
            {"value": 2.5, "from_unit": "pounds", "to_unit": "kilograms", "result": 1.13398},
        ),
        (
            "ConvertUnits",
            {"value": 350, "from_unit": "fahrenheit", "to_unit": "celsius"},
            {"value": 350, "from_unit": "fahrenheit", "to_unit": "celsius", "result": 176.67},
        ),
    )
    chat.say("2.5 lb is about **1.13 kg**, and 350°F is about **176.7°C**.")
    chat.user("The recipe serves 6 and I need 15 servings. How much meat is that?")
    chat.call(("Calculate", {"expression": "2.5 * 15 / 6"}, {"result": 6.25}))
    chat.call(
        (
            "ConvertUnits",
            {"value": 6.25, "from_unit": "pounds", "to_unit": "kilograms"},
            {"value": 6.25, "from_unit": "pounds", "to_unit": "kilograms", "result": 2.83495},
        )
    )
    chat.say("For 15 servings you need 2.5 times the recipe: **6.25 lb** of meat, about **2.83 kg**.")
    chat.user("Remind me to buy it Saturday at 9 am, and set an alarm for 4:30 pm to start the oven.")
    chat.call(
        (
            "AddReminder",
            {"session_token": TOKEN_EB, "task": "Buy 2.83 kg of meat", "due_date": "2025-10-11 09:00:00"},
            {"reminder_id": "61-aa3e"},
        ),
        ("AddAlarm", {"session_token": TOKEN_EB, "time": "16:30:00"}, {"alarm_id": "61aa-3e7f"}),
    )
    chat.say(
        "Done: a reminder on **Saturday, October 11 at 9:00 AM** to buy 2.83 kg of meat, and an alarm "
        "at 4:30 PM (16:30) to start the oven."
    )
    return chat.messages


# --- Invoices in the inbox, their total, a reminder a day before each is due ----------------

TOKEN_GF = "d9e3-7b16-4a80"


def _invoices() -> list[Message]:
    chat = Chat(_system("Monday, 2025-11-17 08:50", "Minneapolis", "gfoster", TOKEN_GF))
    chat.user("Search my inbox for invoices from this month.")
    chat.call(
        (
            "SearchInbox",
            {
                "session_token": TOKEN_GF,
                "query": "invoice",
                "start_date": "2025-11-01 00:00:00",
                "end_date": "2025-11-17 23:59:59",
            },
            {
                "emails": [
                    {
                        "email_id": "f2-1a03-77c0e9d1",
                        "date": "2025-11-03 10:14:00",
                        "sender": "billing@cloudnest.io",
                        "receivers": ["gfoster@gahoo.com"],
                        "subject": "Invoice #CN-88412",
                        "body": "Amount due: $49.00. Due date: November 20, 2025.",
                    },
                    {
                        "email_id": "f2-1b98-03a4c6e2",
                        "date": "2025-11-10 13:30:00",
                        "sender": "accounts@greenleafgardens.com",
                        "receivers": ["gfoster@gahoo.com"],
                        "subject": "Invoice 2025-311 – fall cleanup",
                        "body": "Total: $385.50, payable by November 24.",
                    },
                    {
                        "email_id": "f2-1c5e-9b02d7f3",
                        "date": "2025-11-14 17:05:00",
                        "sender": "noreply@northstarpower.com",
                        "receivers": ["gfoster@gahoo.com"],
                        "subject": "Your November invoice",
                        "body": "Amount due $112.37 by December 1.",
                    },
                ]
            },
        )
    )
    chat.say(
        "I found 3 invoices this month:\n\n"
        "1. **CloudNest** (billing@cloudnest.io), invoice #CN-88412 from Monday, Nov 3 — $49.00, due "
        "Thursday, Nov 20\n"
        "2. **Greenleaf Gardens** (accounts@greenleafgardens.com), invoice 2025-311 for the fall "
        "cleanup from Monday, Nov 10 — $385.50, due Monday, Nov 24\n"
        "3. **Northstar Power** (noreply@northstarpower.com), your November invoice from Friday, "
        "Nov 14 — $112.37, due Monday, Dec 1"
    )
    chat.user("What's the total?")
    chat.call(("Calculate", {"expression": "49.00 + 385.50 + 112.37"}, {"result": 546.87}))
    chat.say("Together they come to **$546.87**.")
    chat.user("Remind me to pay each one a day before it's due, at 6 pm.")
    chat.call(
        (
            "AddReminder",
            {"session_token": TOKEN_GF, "task": "Pay CloudNest $49.00", "due_date": "2025-11-19 18:00:00"},
            {"reminder_id": "f2-r01"},
        ),
        (
            "AddReminder",
            {
                "session_token": TOKEN_GF,
                "task": "Pay Greenleaf Gardens $385.50",
                "due_date": "2025-11-23 18:00:00",
            },
            {"reminder_id": "f2-r02"},
        ),
        (
            "AddReminder",
            {
                "session_token": TOKEN_GF,
                "task": "Pay Northstar Power $112.37",
                "due_date": "2025-11-30 18:00:00",
            },
            {"reminder_id": "f2-r03"},
        ),
    )
    chat.say(
        "Three reminders set, each at 6:00 PM:\n\n"
        "- Pay CloudNest ($49.00) — Wednesday, Nov 19\n"
        "- Pay Greenleaf Gardens ($385.50) — Sunday, Nov 23\n"
        "- Pay Northstar Power ($112.37) — Sunday, Nov 30"
    )
    chat.user("Which one comes first?")
    chat.say(
        "CloudNest: its reminder is this Wednesday, Nov 19 at 6:00 PM, and the $49.00 is due the next "
        "day, Thursday, Nov 20."
    )
    chat.user("And how many days until the last one is due?")
    chat.say("The Northstar Power invoice is due Monday, Dec 1, which is 14 days from today.")
    return chat.messages


# --- The week read back by day, an event cancelled, a message, the weather, a recap ----------

TOKEN_YK = "47b0-e8d3-1f6c"


def _week() -> list[Message]:
    chat = Chat(_system("Monday, 2026-01-12 07:30", "San Diego", "ykim", TOKEN_YK))
    chat.user("What does my week look like?")
    chat.call(
        (
            "QueryCalendar",
            {
                "session_token": TOKEN_YK,
                "start_time": "2026-01-12 00:00:00",
                "end_time": "2026-01-18 23:59:59",
            },
            {
                "events": [
                    {
                        "event_id": "9a01-0001",
                        "name": "Standup planning",
                        "event_type": "meeting",
                        "start_time": "2026-01-12 10:00:00",
                        "end_time": "2026-01-12 11:00:00",
                        "location": "online",
                        "description": None,
                        "attendees": ["ykim", "t.owens", "rpatel"],
                    },
                    {
                        "event_id": "9a01-0002",
                        "name": "Yoga class",
                        "event_type": "event",
                        "start_time": "2026-01-13 18:30:00",
                        "end_time": "2026-01-13 20:00:00",
                        "location": "Studio Lumen",
                        "description": None,
                        "attendees": None,
                    },
                    {
                        "event_id": "9a01-0003",
                        "name": "Lunch with Rahul",
                        "event_type": "event",
                        "start_time": "2026-01-14 12:00:00",
                        "end_time": "2026-01-14 13:00:00",
                        "location": "Cafe Solana",
                        "description": None,
                        "attendees": ["ykim", "rpatel"],
                    },
                    {
                        "event_id": "9a01-0004",
                        "name": "Quarterly planning",
                        "event_type": "meeting",
                        "start_time": "2026-01-16 14:00:00",
                        "end_time": "2026-01-16 15:30:00",
                        "location": "Room 5",
                        "description": None,
                        "attendees": ["ykim", "t.owens", "rpatel", "mgarza"],
                    },
                    {
                        "event_id": "9a01-0005",
                        "name": "Beach cleanup",
                        "event_type": "event",
                        "start_time": "2026-01-17 09:00:00",
                        "end_time": "2026-01-17 12:00:00",
                        "location": "La Jolla Shores",
                        "description": None,
                        "attendees": None,
                    },
                ]
            },
        )
    )
    chat.say(
        "You have 5 events this week:\n\n"
        "- **Today (Monday, Jan 12):** Standup planning, 10:00–11:00 AM, online with t.owens and rpatel\n"
        "- **Tuesday, Jan 13:** Yoga class, 6:30–8:00 PM at Studio Lumen\n"
        "- **Wednesday, Jan 14:** Lunch with Rahul, 12:00–1:00 PM at Cafe Solana\n"
        "- **Friday, Jan 16:** Quarterly planning, 2:00–3:30 PM in Room 5, with t.owens, rpatel and "
        "mgarza\n"
        "- **Saturday, Jan 17:** Beach cleanup, 9:00 AM–12:00 PM at La Jolla Shores\n\n"
        "Thursday and Sunday are free."
    )
    chat.user("Cancel yoga and tell Rahul I'm looking forward to lunch. How many events is he in?")
    chat.call(
        ("DeleteEvent", {"session_token": TOKEN_YK, "event_id": "9a01-0002"}, {"status": "success"}),
        (
            "SendMessage",
            {
                "session_token": TOKEN_YK,
                "receiver": "rpatel",
                "message": "Looking forward to lunch on Wednesday!",
            },
            {"message_id": "9a01-m771"},
        ),
    )
    chat.say(
        "Tuesday's yoga class is cancelled, and I messaged Rahul (rpatel) that you're looking forward "
        "to lunch. He's in 3 of your events this week: today's standup planning, Wednesday's lunch "
        "and Friday's quarterly planning."
    )
    chat.user("What's the weather for the beach cleanup?")
    chat.call(
        (
            "ForecastWeather",
            {"location": "San Diego"},
            {
                "forecast": [
                    {"date": "2026-01-13", "high": 64, "low": 49, "conditions": "Cloudy"},
                    {"date": "2026-01-14", "high": 62, "low": 50, "conditions": "Rain"},
                    {"date": "2026-01-15", "high": 63, "low": 48, "conditions": "Partly cloudy"},
                    {"date": "2026-01-16", "high": 65, "low": 51, "conditions": "Sunny"},
                    {"date": "2026-01-17", "high": 66, "low": 52, "conditions": "Sunny"},
                ]
            },
        )
    )
    chat.say(
        "Saturday, Jan 17 in San Diego looks sunny, with a high of 66°F and a low of 52°F — good "
        "weather for the beach cleanup from 9 AM to noon. Wednesday is the only rainy day in the "
        "forecast, so bring an umbrella to lunch."
    )
    chat.user("Recap my week now.")
    chat.say(
        "You now have 4 events this week: standup planning today at 10 AM, lunch with Rahul on "
        "Wednesday at noon, quarterly planning on Friday at 2 PM and the beach cleanup on Saturday at "
        "9 AM. Tuesday's yoga is cancelled."
    )
    return chat.messages


CONVERSATIONS = {
    "login, tomorrow's calendar, a move (tooltalk)": _login_calendar,
    "reminders completed, deleted, added (tooltalk)": _reminders,
    "failed login, password reset, alarms (tooltalk)": _reset_password,
    "inbox search, reply with a copy by handle (tooltalk)": _inbox_reply,
    "message to an unknown handle, then resent (tooltalk)": _message_failure,
    "weather in Fahrenheit and Celsius (tooltalk)": _weather,
    "two quotes, a holding, euros (tooltalk)": _stocks,
    "alarms on a 24-hour clock, a failed deletion (tooltalk)": _alarms_24h,
    "meeting with attendees, moved, recap (tooltalk)": _team_event,
    "account update after a wrong password (tooltalk)": _account_update,
    "new account, reminders, logout (tooltalk)": _register,
    "account deleted after a read-back (tooltalk)": _delete_account,
    "weekend trip in one turn (tooltalk)": _weekend_trip,
    "recipe scaled with conversions (tooltalk)": _recipe,
    "invoices, total, payment reminders (tooltalk)": _invoices,
    "week by day, a cancellation, recap (tooltalk)": _week,
}

# Correct turns the checker still flags: conversation name -> positions of the turns (as
# ``checked_turns`` names them). Each is a false alarm to fix in the checker, not in the text.
KNOWN_FALSE_ALARMS: dict[str, list[str]] = {}


def _turns(name: str) -> list[tuple[str, list[str]]]:
    return checked_turns(CONVERSATIONS[name]())


@pytest.mark.parametrize("name", CONVERSATIONS)
def test_every_turn_of_a_tooltalk_conversation_is_clean(name: str) -> None:
    turns = _turns(name)
    assert 3 <= len(turns) <= 6
    known = KNOWN_FALSE_ALARMS.get(name, [])
    assert [t for t in turns if t[1] and t[0] not in known] == []


@pytest.mark.parametrize("name", KNOWN_FALSE_ALARMS)
def test_known_false_alarms_still_name_flagged_turns(name: str) -> None:
    """A listed turn the checker no longer flags is fixed: drop it from the list."""
    flagged = {where for where, found in _turns(name) if found}
    assert set(KNOWN_FALSE_ALARMS[name]) <= flagged
