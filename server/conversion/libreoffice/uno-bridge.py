"""Converts documents to PDF in one running LibreOffice, over UNO.

Started by the Node pool (libreoffice-instance.ts) beside one `soffice --accept=pipe,name=...`
process, whose process group it is given: should the Node process die without stopping the pair
(SIGKILL, a crash, an exit while LibreOffice is still warming up), this helper notices that its
parent is gone and kills that group, so no LibreOffice is left running.
Protocol: one JSON object per line. On stdout: {"ready": true} once connected, then one reply per
request read from stdin: {"id", "input", "output"} -> {"id", "ok": true} or {"id", "ok": false,
"stage": "load" | "export", "error"}. The pool kills this process and its soffice when a reply does
not come in time; this helper never retries anything itself.

Each conversion runs on LibreOffice's main thread (com.sun.star.awt.AsyncCallback: soffice calls
back into this helper from its event loop, and the calls made from there run on that thread), as
`soffice --convert-to` does. Called directly, it runs on a thread of the UNO bridge, and each time
the export lets go of LibreOffice's lock the main thread does Writer's idle work on the hidden
document (its word count, among others): an 868-page DOCX took 5.8-6.9 s that way, 3.7-3.8 s on the
main thread (docs/decisions/0010-document-conversion.md).
"""

import json
import os
import signal
import sys
import threading
import time

import uno
import unohelper
from com.sun.star.awt import XCallback
from com.sun.star.beans import PropertyValue
from com.sun.star.connection import NoConnectException
from com.sun.star.lang import DisposedException

# com.sun.star.document.MacroExecMode.NEVER_EXECUTE and UpdateDocMode.NO_UPDATE: no macro runs
# and no link (linked image, OLE link, DDE field) is updated while loading.
NEVER_EXECUTE = 0
NO_UPDATE = 0


def props(**values):
    result = []
    for name, value in values.items():
        prop = PropertyValue()
        prop.Name = name
        prop.Value = value
        result.append(prop)
    return tuple(result)


def connect(pipe_name, deadline):
    """The Desktop, and LibreOffice's AsyncCallback (None if it has none: then the bridge's thread)."""
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
    url = "uno:pipe,name=%s;urp;StarOffice.ComponentContext" % pipe_name
    while True:
        try:
            context = resolver.resolve(url)
            manager = context.ServiceManager
            desktop = manager.createInstanceWithContext("com.sun.star.frame.Desktop", context)
            return desktop, manager.createInstanceWithContext("com.sun.star.awt.AsyncCallback", context)
        except NoConnectException:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)


class ConversionError(Exception):
    def __init__(self, stage, error):
        super().__init__("%s: %s" % (type(error).__name__, error))
        self.stage = stage


def convert(desktop, input_path, output_path, filter_name):
    try:
        document = load(desktop, input_path, filter_name)
    except DisposedException:
        raise  # LibreOffice went away: this helper exits and the pool restarts the pair
    except Exception as error:  # noqa: BLE001 - the document could not be opened
        raise ConversionError("load", error) from error
    try:
        document.storeToURL(uno.systemPathToFileUrl(output_path), props(FilterName="writer_pdf_Export"))
    except DisposedException:
        raise
    except Exception as error:  # noqa: BLE001 - the PDF could not be written
        raise ConversionError("export", error) from error
    finally:
        document.close(True)


def load(desktop, input_path, filter_name):
    document = desktop.loadComponentFromURL(
        uno.systemPathToFileUrl(input_path),
        "_blank",
        0,
        props(
            Hidden=True,
            ReadOnly=True,
            FilterName=filter_name,
            MacroExecutionMode=NEVER_EXECUTE,
            UpdateDocMode=NO_UPDATE,
        ),
    )
    if document is None:
        raise RuntimeError("LibreOffice could not open the document")
    return document


class MainThreadCall(unohelper.Base, XCallback):
    """`work()` as LibreOffice's main thread calls it back; its outcome kept for the caller."""

    def __init__(self, work):
        self.work = work
        self.done = threading.Event()
        self.outcome = None

    def notify(self, _data):
        try:
            self.outcome = (True, self.work())
        except BaseException as error:  # noqa: BLE001 - handed to the waiting thread, raised there
            self.outcome = (False, error)
        finally:
            self.done.set()


def on_main_thread(async_callback, work):
    """Runs `work` on LibreOffice's main thread and returns or raises what it did. Should soffice
    die first, the pool sees it exit and kills this helper too: the wait needs no timeout."""
    if async_callback is None:
        return work()
    call = MainThreadCall(work)
    async_callback.addCallback(call, None)
    call.done.wait()
    succeeded, value = call.outcome
    if succeeded:
        return value
    raise value


def reply(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def stop_libreoffice(soffice_group):
    if soffice_group is None:
        return
    try:
        os.killpg(soffice_group, signal.SIGKILL)
    except ProcessLookupError:
        pass


def outlive_no_parent(soffice_group):
    """Stops LibreOffice and exits once the Node parent is gone (this process was re-parented)."""
    parent = os.getppid()
    while True:
        time.sleep(0.5)
        if os.getppid() != parent:
            stop_libreoffice(soffice_group)
            os._exit(1)


def main():
    pipe_name = sys.argv[1]
    connect_timeout = float(sys.argv[2]) if len(sys.argv) > 2 else 60.0
    soffice_group = int(sys.argv[3]) if len(sys.argv) > 3 else None
    if soffice_group is not None:
        # While connecting nothing reads stdin: watch the parent instead.
        threading.Thread(target=outlive_no_parent, args=(soffice_group,), daemon=True).start()
    desktop, async_callback = connect(pipe_name, time.monotonic() + connect_timeout)
    reply({"ready": True})
    for line in sys.stdin:
        request = json.loads(line)
        filter_name = request.get("filter", "MS Word 2007 XML")
        try:
            on_main_thread(
                async_callback,
                lambda: convert(desktop, request["input"], request["output"], filter_name),
            )
            reply({"id": request["id"], "ok": True})
        except ConversionError as error:
            reply({"id": request["id"], "ok": False, "stage": error.stage, "error": str(error)})
    # stdin closed: the Node process stopped or died; LibreOffice must not outlive it.
    stop_libreoffice(soffice_group)


if __name__ == "__main__":
    main()
