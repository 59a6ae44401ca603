"""timeguard.RowWork: a timer thread's exception is sent only while a row's own work goes on, and one sent as
the work ends is handed back to the row item instead of arriving in pytest's code after it."""

from __future__ import annotations

import threading
import time

from pytest_answerbench.timeguard import RowWork, ThreadTimeout


class Item:
    pass


def test_a_limit_is_sent_only_while_the_row_s_work_goes_on():
    work, item, other, sent = RowWork(), Item(), Item(), []
    assert not work.send(item, sent.append)  # no phase open
    work.open(item)
    assert not work.send(other, sent.append)  # another row's timer
    assert sent == []
    assert work.send(item, sent.append)
    assert sent == [ThreadTimeout]
    assert work.leave(item)  # handed back once
    assert not work.leave(item)
    assert not work.send(item, sent.append)  # the work has ended: nothing more is sent
    assert sent == [ThreadTimeout]


def test_a_row_that_ends_untouched_is_told_so_and_a_new_phase_starts_clean():
    work, item, sent = RowWork(), Item(), []
    work.open(item)
    assert not work.leave(item)
    work.open(item)
    assert work.inside is item
    assert not work.leave(item) and work.inside is None


def test_leaving_waits_for_a_send_in_progress_and_is_told_of_it():
    """The timer thread decides and sends under the lock: the row's leave, coming in the middle, waits for it
    and learns of the exception (which the item then takes back and raises itself)."""
    work, item = RowWork(), Item()
    work.open(item)
    deciding, sent = threading.Event(), []

    def slow_raise(exc_type):
        deciding.set()
        time.sleep(0.3)
        sent.append(exc_type)

    timer = threading.Thread(target=work.send, args=(item, slow_raise))
    timer.start()
    assert deciding.wait(10)
    assert work.leave(item)  # blocked until the send finished
    assert sent == [ThreadTimeout]
    timer.join()
    assert work.inside is None
