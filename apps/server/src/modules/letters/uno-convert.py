"""One LibreOffice kept running, converting Word letters to PDF on request (office-converter.ts).

Run by Debian's /usr/bin/python3 (python3-uno): the uno module is built for that interpreter only.

  uno-convert.py SOFFICE PIPE_NAME PROFILE_URL [WORK_DIR]

Starts SOFFICE listening on a named pipe with its own profile, connects to it over UNO, prints
{"ready": true} and then answers one JSON line per JSON line read on stdin:

  {"id": 7, "input": "/tmp/.../letter.docx", "output": "/tmp/.../letter.pdf"}
  -> {"id": 7, "ok": true}
  {"id": 8, "input": "...", "output": "...", "marks": ["_LpLetter1", "_LpLetter2"]}
  -> {"id": 8, "ok": true, "pages": [1, 3], "total": 4, "blank": [2]}
     (the page each bookmark is laid out on, null if absent; the pages laid out; the blank ones
     LibreOffice inserted, which the PDF leaves out)
   | {"id": 7, "ok": false, "error": "load" | "export" | "office" | "gone", "message": "..."}

"load": LibreOffice could not open the file (the file's fault); "export": it opened but could not be
written as PDF; "office": LibreOffice died while converting this file (it crashed, or ran out of
memory); "gone": it had died before the file was opened (not the file's fault). After "office" and
"gone" this process exits, so that the caller starts a fresh one. It also says
{"event": "office-exited"} and exits when soffice dies between requests.

The whole thing (this process, soffice, oosplash, soffice.bin) runs in one process group that the
caller kills as one. The caller must never be outlived: when stdin closes, or the parent process
goes away (killed with SIGKILL, so stdin may stay open in a grandchild), or soffice dies between
requests, this process kills its group, itself included, after removing WORK_DIR (the converter's
HOME, TMPDIR and profile; the caller removes it when it kills the group itself).
"""

import json
import os
import shutil
import signal
import subprocess
import sys
import threading
import time

import uno
from com.sun.star.beans import PropertyValue

CONNECT_TIMEOUT_S = 60.0
WATCH_INTERVAL_S = 0.25

out_lock = threading.Lock()
work_dir = None


def say(message):
    line = json.dumps(message) + "\n"
    with out_lock:
        try:
            sys.stdout.write(line)
            sys.stdout.flush()
        except OSError:
            end_group(0)  # the caller has gone (a broken pipe): so do we


def others_in_group():
    group, me, found = os.getpgrp(), os.getpid(), []
    for entry in os.listdir("/proc"):
        if entry.isdigit() and int(entry) != me:
            try:
                with open("/proc/" + entry + "/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
                if int(fields[2]) == group and fields[0] != "Z":
                    found.append(int(entry))
            except (OSError, IndexError, ValueError):
                pass  # it exited while we looked
    return found


def end_group(code):
    """Kills soffice and its helpers (our process group), removes the work folder, then exits."""
    try:
        sys.stdout.flush()
    except OSError:
        pass  # the caller is gone
    try:
        for pid in others_in_group():
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        deadline = time.monotonic() + 2
        while others_in_group() and time.monotonic() < deadline:
            time.sleep(0.01)
        # Only a folder the caller made for a converter (see office-converter.ts).
        if work_dir and os.path.basename(work_dir).startswith("lp-docx-office-"):
            shutil.rmtree(work_dir, ignore_errors=True)
    finally:
        os.killpg(os.getpgrp(), signal.SIGKILL)
        os._exit(code)


def prop(name, value):
    p = PropertyValue()
    p.Name = name
    p.Value = value
    return p


def pages_of(document, marks):
    """Where each named bookmark is laid out (its page, 1-based; None for one not found), the
    number of pages laid out, and those of them that are blank pages LibreOffice inserted (a page
    numbered 1 that would fall on a left-hand page): the PDF leaves those out.

    A batch of letters (the mail merge) marks where each letter starts; the caller cuts the PDF there.
    """
    bookmarks = document.getBookmarks()
    cursor = document.getCurrentController().getViewCursor()
    pages = []
    for name in marks:
        if not bookmarks.hasByName(name):
            pages.append(None)
            continue
        cursor.gotoRange(bookmarks.getByName(name).getAnchor().getStart(), False)
        pages.append(cursor.getPage())
    cursor.jumpToLastPage()
    total = cursor.getPage()
    # The cursor cannot stand on an inserted blank page: it goes to the next page with text.
    blank = [page for page in range(1, total + 1) if not (cursor.jumpToPage(page) and cursor.getPage() == page)]
    return pages, total, blank


def office_answers(office, desktop):
    """Whether soffice still runs and answers over UNO (a dead one raises DisposedException)."""
    if office.poll() is not None:
        return False
    try:
        desktop.getCurrentComponent()
        return True
    except Exception:  # noqa: BLE001 (UNO exceptions have no common Python base)
        return False


def main():
    global work_dir
    soffice, pipe, profile = sys.argv[1], sys.argv[2], sys.argv[3]
    work_dir = sys.argv[4] if len(sys.argv) > 4 else None
    parent = os.getppid()
    office = subprocess.Popen(
        [
            soffice,
            "-env:UserInstallation=" + profile,
            "--headless",
            "--invisible",
            "--nologo",
            "--nodefault",
            "--norestore",
            "--nolockcheck",
            "--nofirststartwizard",
            "--accept=pipe,name=" + pipe + ";urp;",
        ],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        # soffice's warnings go to the caller's stderr reader (kept for the error message).
        stderr=sys.stderr,
    )
    busy = threading.Event()

    def watch():
        # A watchdog that works even while the main thread is blocked inside a UNO call.
        while True:
            time.sleep(WATCH_INTERVAL_S)
            if os.getppid() != parent:
                end_group(0)  # the server is gone: nothing may outlive it
            if office.poll() is not None and not busy.is_set():
                say({"event": "office-exited", "code": office.returncode})
                end_group(3)

    threading.Thread(target=watch, daemon=True).start()

    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
    deadline = time.monotonic() + CONNECT_TIMEOUT_S
    while True:
        try:
            context = resolver.resolve("uno:pipe,name=" + pipe + ";urp;StarOffice.ComponentContext")
            break
        except Exception:  # noqa: BLE001 (NoConnectException until it listens; a RuntimeException if the bridge breaks while it starts)
            if office.poll() is not None or time.monotonic() > deadline:
                say({"event": "start-failed", "code": office.returncode})
                end_group(2)
            time.sleep(0.05)
    desktop = context.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", context)

    # Nothing in a letter may run or be fetched: no macros (MacroExecutionMode NEVER_EXECUTE = 0),
    # no links updated (UpdateDocMode NO_UPDATE = 0); read-only and never shown.
    load_props = (
        prop("Hidden", True),
        prop("ReadOnly", True),
        prop("MacroExecutionMode", 0),
        prop("UpdateDocMode", 0),
        prop("Silent", True),
    )
    export_props = (prop("FilterName", "writer_pdf_Export"), prop("Overwrite", True))
    say({"ready": True, "office": office.pid})

    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        busy.set()
        if not office_answers(office, desktop):
            # Gone before this document was opened: not the document's fault, the caller retries it.
            say({"id": request["id"], "ok": False, "error": "gone", "message": "LibreOffice had stopped"})
            end_group(3)
        answer = {"id": request["id"], "ok": True}
        document = None
        stage = "load"
        try:
            document = desktop.loadComponentFromURL(uno.systemPathToFileUrl(request["input"]), "_blank", 0, load_props)
            if document is None:
                raise RuntimeError("LibreOffice could not load the document")
            stage = "export"
            marks = request.get("marks")
            if marks:
                answer["pages"], answer["total"], answer["blank"] = pages_of(document, marks)
            document.storeToURL(uno.systemPathToFileUrl(request["output"]), export_props)
        except Exception as error:  # noqa: BLE001 (UNO exceptions have no common Python base)
            alive = office_answers(office, desktop)
            answer = {"id": request["id"], "ok": False, "error": stage if alive else "office", "message": str(error)[:500]}
        finally:
            if document is not None:
                try:
                    document.close(True)
                except Exception:  # noqa: BLE001
                    try:
                        document.dispose()
                    except Exception:  # noqa: BLE001
                        pass
        say(answer)
        if not answer["ok"] and answer["error"] == "office":
            end_group(3)
        busy.clear()
    end_group(0)  # stdin closed: the caller is done with us


if __name__ == "__main__":
    # However this process ends (an error, a signal), soffice must not outlive it.
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(sig, lambda *_: end_group(1))
    try:
        main()
    except BaseException as error:  # noqa: BLE001
        try:
            print("uno-convert: " + repr(error)[:500], file=sys.stderr, flush=True)
        except OSError:
            pass  # the caller is gone
        end_group(1)
