#!/usr/bin/python3
"""Printomat's UNO bridge to a warm LibreOffice.

Started by office-converter.ts with the *system* Python (the only one that has
the `uno` module). It starts soffice (in this process's process group, so the
parent can kill both with one signal), connects over a named pipe and then
serves newline-delimited JSON requests on stdin:

    {"id": 1, "input": "/abs/in.docx", "output": "/abs/out.pdf"}

and answers on stdout: {"id": 1, "started": true} once LibreOffice is known to
be alive and the document is about to be loaded, then one of

    {"id": 1, "ok": true}
    {"id": 1, "ok": false, "reason": "password_protected" | "corrupt", "message": "..."}

Before the first request it prints {"ready": true, "sofficePid": N, "pipes": [...]}
(or {"ready": false, "message": "..."} and exits). If LibreOffice dies, this
process exits with status 3. On end of stdin, on SIGTERM, or when the parent
process disappears (even mid-conversion) it ends LibreOffice, removes the
profile directory and LibreOffice's sockets in /tmp, and exits.
"""

import argparse
import codecs
import glob
import hashlib
import json
import os
import queue
import shutil
import signal
import subprocess
import sys
import threading
import time

# stdout carries the protocol only: keep a private copy of it and send
# everything else written to fd 1 (by us, pyuno or soffice) to stderr.
_proto = os.fdopen(os.dup(1), "w", buffering=1, encoding="utf-8")
os.dup2(2, 1)
sys.stdout = sys.stderr

EXIT_SOFFICE_DIED = 3

# ErrCode values (LibreOffice 7.x layout: area << 13 | class << 8 | code) that
# mean "wrong or missing password" when a filter reports them.
ERRCODE_SFX_WRONGPASSWORD = (2 << 13) | (11 << 8) | 11
ERRCODE_SVX_WRONGPASS = (8 << 13) | 15
ERRCODE_SVX_READ_FILTER_CRYPT = (8 << 13) | (11 << 8) | 16
ERRCODE_SVX_READ_FILTER_PPOINT = (8 << 13) | (11 << 8) | 17
PASSWORD_ERRCODES = {
    ERRCODE_SFX_WRONGPASSWORD,
    ERRCODE_SVX_WRONGPASS,
    ERRCODE_SVX_READ_FILTER_CRYPT,
    ERRCODE_SVX_READ_FILTER_PPOINT,
}
PASSWORD_REQUESTS = (
    "com.sun.star.task.DocumentPasswordRequest",
    "com.sun.star.task.DocumentPasswordRequest2",
    "com.sun.star.task.DocumentMSPasswordRequest",
    "com.sun.star.task.DocumentMSPasswordRequest2",
    "com.sun.star.task.PasswordRequest",
    "com.sun.star.task.MasterPasswordRequest",
)

# Extensions whose content is legitimately plain text. For any other
# extension, LibreOffice's "it is probably text" fallback means the file is
# not what its name says (e.g. random bytes or a truncated .docx).
TEXT_EXTENSIONS = {"txt", "text", "csv", "tsv"}
PLAIN_TEXT_TYPES = {"generic_Text", "writer_Text", "writer_Text_encoded", "calc_Text_txt_csv_StarCalc"}
PLAIN_TEXT_FILTERS = {"Text", "Text (encoded)", "Text - txt - csv (StarCalc)"}

# Written into every fresh profile. Documents must not pull in anything from
# outside themselves: BlockUntrustedRefererLinks stops linked images and other
# resources (file:// included, which would otherwise put local files into the
# PDF); macros are off however a document asks; no Java.
PROFILE_SETTINGS = (
    ("/org.openoffice.Office.Common/Security/Scripting", "BlockUntrustedRefererLinks", "true"),
    ("/org.openoffice.Office.Common/Security/Scripting", "DisableMacrosExecution", "true"),
    ("/org.openoffice.Office.Common/Security/Scripting", "MacroSecurityLevel", "3"),
    ("/org.openoffice.Office.Java/VirtualMachine", "Enable", "false"),
)

# Loaded component service -> PDF export filter. Order matters: a web
# document is also a text document.
EXPORT_FILTERS = (
    ("com.sun.star.text.WebDocument", "writer_web_pdf_Export"),
    ("com.sun.star.text.TextDocument", "writer_pdf_Export"),
    ("com.sun.star.sheet.SpreadsheetDocument", "calc_pdf_Export"),
    ("com.sun.star.presentation.PresentationDocument", "impress_pdf_Export"),
    ("com.sun.star.drawing.DrawingDocument", "draw_pdf_Export"),
)


class ParentGone(Exception):
    pass


def log(message):
    # The parent reads stderr; when it has died, writing raises, and that must not matter.
    try:
        sys.stderr.write("[office-bridge] %s\n" % message)
        sys.stderr.flush()
    except (OSError, ValueError):
        pass


def send(obj):
    try:
        _proto.write(json.dumps(obj) + "\n")
        _proto.flush()
    except (OSError, ValueError) as error:
        raise ParentGone(str(error))


try:
    import uno
    import unohelper
    from com.sun.star.beans import PropertyValue
    from com.sun.star.task import XInteractionHandler
except Exception as error:  # noqa: BLE001 - reported to the parent, which marks us unavailable
    send({"ready": False, "message": "cannot import the uno module: %s" % error})
    sys.exit(2)

# pyuno on Python 3.11 fails to build UNO exceptions that are passed around as
# values (XInteractionRequest.getRequest()) because BaseException sets `args`.
_uno_setattr = uno._uno_struct__setattr__


def _uno_struct_setattr(self, name, value):
    if name == "args":
        self.__dict__["args"] = value
        return None
    return _uno_setattr(self, name, value)


uno._uno_struct__setattr__ = _uno_struct_setattr


def prop(name, value):
    p = PropertyValue()
    p.Name = name
    p.Value = value
    return p


class ConversionFailed(Exception):
    def __init__(self, reason, message):
        super().__init__(message)
        self.reason = reason
        self.message = message


class SofficeGone(Exception):
    pass


class Handler(unohelper.Base, XInteractionHandler):
    """Answers every question LibreOffice asks with "no", and remembers password questions."""

    def __init__(self):
        self.password_requested = False
        self.requests = []

    def handle(self, request):
        name = "?"
        try:
            req = request.getRequest()
            name = getattr(req, "typeName", None) or type(req).__name__
            if name in PASSWORD_REQUESTS:
                self.password_requested = True
            err = getattr(req, "ErrCode", None)
            if isinstance(err, int):
                name = "%s(0x%x)" % (name, err)
                if (err & 0x3FFFFFF) in PASSWORD_ERRCODES:
                    self.password_requested = True
        except Exception as error:  # noqa: BLE001 - inspection is best effort
            name = "unreadable request: %s" % error
        self.requests.append(name)
        continuations = request.getContinuations()
        for interface in ("XInteractionAbort", "XInteractionDisapprove"):
            wanted = uno.getTypeByName("com.sun.star.task." + interface)
            for continuation in continuations:
                if continuation.queryInterface(wanted):
                    continuation.select()
                    return


def is_uno_exception(error, short_name):
    return type(error).__name__.endswith(short_name)


def looks_like_utf8(path):
    decoder = codecs.getincrementaldecoder("utf-8")()
    with open(path, "rb") as handle:
        chunk = handle.read(1 << 20)
    try:
        decoder.decode(chunk, final=False)
        return True
    except UnicodeDecodeError:
        return False


class Bridge:
    def __init__(self, args):
        self.args = args
        self.pipe = args.pipe
        self.profile_url = uno.systemPathToFileUrl(os.path.abspath(args.profile))
        self.soffice = None
        self.desktop = None
        self.ctx = None
        self.detector = None
        self.shutting_down = False
        self.shutdown_lock = threading.RLock()
        self.busy = False

    # -- LibreOffice process ------------------------------------------------

    def pipe_names(self):
        """Names of the sockets soffice makes in /tmp (OSL_PIPE_<uid>_<name>), for cleaning up after a kill."""
        # The single-instance pipe is named after the MD5 of the profile URL as UTF-16, each
        # byte in hex without padding (desktop/source/app/officeipcthread.cxx).
        digest = hashlib.md5(self.profile_url.encode("utf-16-le")).digest()
        return [self.pipe, "SingleOfficeIPC_" + "".join("%x" % byte for byte in digest)]

    def seed_profile(self):
        """Settings for the fresh profile, written before LibreOffice first reads it."""
        user = os.path.join(self.args.profile, "user")
        os.makedirs(user, exist_ok=True)
        items = "".join(
            '<item oor:path="%s"><prop oor:name="%s" oor:op="fuse"><value>%s</value></prop></item>\n'
            % setting
            for setting in PROFILE_SETTINGS
        )
        with open(os.path.join(user, "registrymodifications.xcu"), "w", encoding="utf-8") as handle:
            handle.write(
                '<?xml version="1.0" encoding="UTF-8"?>\n'
                '<oor:items xmlns:oor="http://openoffice.org/2001/registry" '
                'xmlns:xs="http://www.w3.org/2001/XMLSchema" '
                'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\n%s</oor:items>\n' % items
            )

    def start(self):
        profile_url = self.profile_url
        self.seed_profile()
        command = [
            self.args.soffice,
            "-env:UserInstallation=" + profile_url,
            "--headless",
            "--invisible",
            "--nologo",
            "--norestore",
            "--nodefault",
            "--nolockcheck",
            "--accept=pipe,name=%s;urp;StarOffice.ComponentContext" % self.pipe,
        ]
        try:
            self.soffice = subprocess.Popen(
                command,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=sys.stderr,
                close_fds=True,
            )
        except OSError as error:
            raise ConversionFailed("unavailable", "cannot start %s: %s" % (self.args.soffice, error))

        local = uno.getComponentContext()
        resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
        deadline = time.monotonic() + self.args.startup_timeout
        url = "uno:pipe,name=%s;urp;StarOffice.ComponentContext" % self.pipe
        last = None
        while True:
            if self.soffice.poll() is not None:
                raise ConversionFailed("unavailable", "soffice exited with status %s while starting" % self.soffice.returncode)
            try:
                self.ctx = resolver.resolve(url)
                break
            except Exception as error:  # noqa: BLE001 - NoConnectException until soffice listens
                last = error
            if time.monotonic() > deadline:
                raise ConversionFailed("unavailable", "soffice did not accept connections: %s" % last)
            time.sleep(0.05)
        smgr = self.ctx.ServiceManager
        self.desktop = smgr.createInstanceWithContext("com.sun.star.frame.Desktop", self.ctx)
        self.detector = smgr.createInstanceWithContext("com.sun.star.document.TypeDetection", self.ctx)
        threading.Thread(target=self._watch, daemon=True).start()

    def _watch(self):
        status = self.soffice.wait()
        if self.shutting_down:
            return
        log("soffice exited with status %s" % status)
        os._exit(EXIT_SOFFICE_DIED)

    def kill_soffice(self):
        """Kills soffice.bin first so that oosplash reaps it and we reap oosplash: no zombies left
        for init (which may reap slowly)."""
        if self.soffice is None:
            return
        for pid in descendants(self.soffice.pid):
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        try:
            self.soffice.wait(timeout=1)
        except Exception:  # noqa: BLE001 - oosplash did not follow: kill it too
            for pid in descendants(os.getpid()):
                try:
                    os.kill(pid, signal.SIGKILL)
                except OSError:
                    pass
            try:
                self.soffice.wait(timeout=2)
            except Exception:  # noqa: BLE001
                pass
        # As a subreaper we inherit orphans (soffice.bin if oosplash died first): reap them.
        deadline = time.monotonic() + 2
        while time.monotonic() < deadline:
            try:
                pid, _ = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                break
            if pid == 0:
                time.sleep(0.02)
                if not descendants(os.getpid()):
                    break

    def terminate_gracefully(self):
        def ask():
            try:
                self.desktop.terminate()
            except Exception:  # noqa: BLE001 - killed afterwards anyway
                pass

        asker = threading.Thread(target=ask, daemon=True)
        asker.start()
        asker.join(timeout=2)
        try:
            self.soffice.wait(timeout=2)
        except Exception:  # noqa: BLE001 - killed afterwards anyway
            pass

    def shut_down(self, status, graceful=False):
        """Ends LibreOffice, removes what it leaves behind and exits. Safe from any thread."""
        with self.shutdown_lock:
            self.shutting_down = True
            if graceful and self.desktop is not None and not self.busy:
                self.terminate_gracefully()
            self.kill_soffice()
            shutil.rmtree(self.args.profile, ignore_errors=True)
            for name in self.pipe_names():
                for path in glob.glob("/tmp/OSL_PIPE_*_" + glob.escape(name)):
                    try:
                        os.unlink(path)
                    except OSError:
                        pass
            os._exit(status)

    def read_requests(self, requests):
        """Reads stdin on its own thread, so that end of input (the parent closing the pipe, or
        dying, even by SIGKILL) ends everything at once, even in the middle of a conversion."""
        try:
            for raw in sys.stdin.buffer:
                line = raw.decode("utf-8", "replace").strip()
                if line:
                    requests.put(line)
        except (OSError, ValueError):
            pass
        self.shut_down(0, graceful=True)

    # -- conversion ---------------------------------------------------------

    def responsive(self):
        if self.soffice.poll() is not None:
            return False
        try:
            self.desktop.getCurrentComponent()
            return True
        except Exception:  # noqa: BLE001 - a dead bridge raises DisposedException
            return False

    def convert(self, input_path, output_path):
        if not os.path.isfile(input_path):
            raise ConversionFailed("corrupt", "input file not found")
        if os.path.getsize(input_path) == 0 and extension(input_path) not in TEXT_EXTENSIONS:
            raise ConversionFailed("corrupt", "input file is empty")
        url = uno.systemPathToFileUrl(input_path)
        out_url = uno.systemPathToFileUrl(output_path)
        ext = extension(input_path)
        handler = Handler()

        type_name, filter_name = self.detect(url, handler)
        if handler.password_requested:
            raise ConversionFailed("password_protected", "the document is password-protected")
        if not type_name:
            raise ConversionFailed("corrupt", "unrecognised document format")
        if (type_name in PLAIN_TEXT_TYPES or filter_name in PLAIN_TEXT_FILTERS) and ext not in TEXT_EXTENSIONS:
            raise ConversionFailed("corrupt", "not a valid .%s file" % ext if ext else "not a valid document")

        props = [
            prop("Hidden", True),
            prop("ReadOnly", True),
            prop("MacroExecutionMode", 0),  # com.sun.star.document.MacroExecMode.NEVER_EXECUTE
            prop("UpdateDocMode", 0),  # com.sun.star.document.UpdateDocMode.NO_UPDATE
            prop("Password", ""),  # encrypted documents fail instead of waiting for a password
            prop("InteractionHandler", handler),
        ]
        if ext in ("txt", "text") and looks_like_utf8(input_path):
            props.append(prop("FilterName", "Text (encoded)"))
            props.append(prop("FilterOptions", "UTF8"))
        elif filter_name:
            props.append(prop("FilterName", filter_name))

        doc = None
        try:
            try:
                doc = self.desktop.loadComponentFromURL(url, "_blank", 0, tuple(props))
            except Exception as error:  # noqa: BLE001 - classified below
                self.raise_if_gone(error)
                if handler.password_requested:
                    raise ConversionFailed("password_protected", "the document is password-protected")
                raise ConversionFailed("corrupt", "LibreOffice cannot open the document: %s" % first_line(error))
            if doc is None:
                if handler.password_requested:
                    raise ConversionFailed("password_protected", "the document is password-protected")
                detail = (" (%s)" % ", ".join(handler.requests)) if handler.requests else ""
                raise ConversionFailed("corrupt", "LibreOffice cannot open the document%s" % detail)

            export_filter = None
            for service, pdf_filter in EXPORT_FILTERS:
                if doc.supportsService(service):
                    export_filter = pdf_filter
                    break
            if export_filter is None:
                raise ConversionFailed("corrupt", "unsupported kind of document")
            try:
                doc.storeToURL(out_url, (prop("FilterName", export_filter), prop("Overwrite", True)))
            except Exception as error:  # noqa: BLE001 - classified below
                self.raise_if_gone(error)
                raise ConversionFailed("corrupt", "PDF export failed: %s" % first_line(error))
        finally:
            if doc is not None:
                self.close_document(doc)

        if not os.path.isfile(output_path) or os.path.getsize(output_path) == 0:
            raise ConversionFailed("corrupt", "LibreOffice wrote an empty PDF")

    def detect(self, url, handler):
        descriptor = (prop("URL", url), prop("InteractionHandler", handler), prop("Password", ""))
        try:
            result = self.detector.queryTypeByDescriptor(descriptor, True)
        except Exception as error:  # noqa: BLE001 - classified below
            self.raise_if_gone(error)
            return "", ""
        type_name, descriptor = result if isinstance(result, tuple) else (result, ())
        filter_name = ""
        for item in descriptor or ():
            if item.Name == "FilterName":
                filter_name = item.Value or ""
        return type_name or "", filter_name

    def close_document(self, doc):
        try:
            doc.close(True)
        except Exception as error:  # noqa: BLE001
            if self.soffice.poll() is not None:
                raise SofficeGone(str(error))
            try:
                doc.dispose()
            except Exception:  # noqa: BLE001
                pass

    def raise_if_gone(self, error):
        if is_uno_exception(error, "DisposedException") or "bridge" in str(error).lower():
            raise SofficeGone(first_line(error))
        if self.soffice.poll() is not None:
            raise SofficeGone(first_line(error))


def extension(path):
    return os.path.splitext(path)[1].lower().lstrip(".")


def first_line(error):
    text = str(error).strip().splitlines()
    return text[0][:300] if text else type(error).__name__


def descendants(pid):
    children = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % entry) as handle:
                stat = handle.read()
            ppid = int(stat[stat.rindex(")") + 2 :].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        children.setdefault(ppid, []).append(int(entry))
    found = []
    queue = [pid]
    while queue:
        current = queue.pop()
        for child in children.get(current, []):
            found.append(child)
            queue.append(child)
    return found


def become_subreaper():
    """PR_SET_CHILD_SUBREAPER: orphaned descendants (soffice.bin) become our children to reap."""
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(36, 1, 0, 0, 0)
    except Exception:  # noqa: BLE001 - only tidier, not required
        pass


def serve(bridge, line):
    """One request line in, one reply out."""
    request_id = None
    try:
        request = json.loads(line)
        request_id = request["id"]
        if not bridge.responsive():
            log("LibreOffice stopped while idle")
            bridge.shut_down(EXIT_SOFFICE_DIED)
        # From here on, a LibreOffice that dies is this document's doing.
        try:
            send({"id": request_id, "started": True})
        except ParentGone:
            bridge.shut_down(0)
        bridge.convert(str(request["input"]), str(request["output"]))
        return {"id": request_id, "ok": True}
    except ConversionFailed as error:
        return {"id": request_id, "ok": False, "reason": error.reason, "message": error.message}
    except SofficeGone as error:
        log("LibreOffice went away during a conversion: %s" % error)
        bridge.shut_down(EXIT_SOFFICE_DIED)
    except Exception as error:  # noqa: BLE001 - anything else is this document's fault
        if bridge.soffice.poll() is not None:
            bridge.shut_down(EXIT_SOFFICE_DIED)
        return {"id": request_id, "ok": False, "reason": "corrupt", "message": first_line(error)}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--soffice", required=True)
    parser.add_argument("--profile", required=True)
    parser.add_argument("--pipe", required=True)
    parser.add_argument("--startup-timeout", type=float, default=30.0)
    args = parser.parse_args()
    # LibreOffice inherits this: a long conversion yields the CPU to the HTTP process
    # (the same niceness as the other document tools, see run-tool.ts).
    try:
        os.nice(10)
    except OSError:
        pass

    bridge = Bridge(args)
    become_subreaper()
    signal.signal(signal.SIGTERM, lambda *_: bridge.shut_down(0))
    try:
        bridge.start()
        ready = {"ready": True, "sofficePid": bridge.soffice.pid, "pipes": bridge.pipe_names()}
    except ConversionFailed as error:
        ready = {"ready": False, "message": error.message}
    except Exception as error:  # noqa: BLE001
        ready = {"ready": False, "message": "cannot connect to soffice: %s" % first_line(error)}
    try:
        send(ready)
    except ParentGone:
        bridge.shut_down(0)
    if not ready["ready"]:
        bridge.shut_down(2)

    requests = queue.Queue()
    threading.Thread(target=bridge.read_requests, args=(requests,), daemon=True).start()
    while True:
        line = requests.get()
        bridge.busy = True
        reply = serve(bridge, line)
        bridge.busy = False
        try:
            send(reply)
        except ParentGone:
            bridge.shut_down(0)


if __name__ == "__main__":
    sys.exit(main())
