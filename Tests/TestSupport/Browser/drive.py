#!/usr/bin/env python3
"""Drives headless Chromium through the DevTools protocol for Segue's tests.

Standard library only (a small WebSocket client is below). Reads a plan as
JSON on standard input:

    {"chromium": PATH, "width": W, "height": H, "steps": [STEP, ...]}

and runs its steps in order on one page. A step is one of

    {"open": URL}                           navigate, wait for the load event
    {"wait": JS, "timeout": S}              until the expression is truthy
    {"eval": JS, "as": NAME}                keep the expression's value
    {"screenshot": PATH, "clip": CSS|null}  a PNG of the page or of one element
    {"drag": CSS, "from": F, "to": F}       press at fraction F of the element's width, move, let go
    {"key": KEY}                            press and release a key (" ", "ArrowLeft", "Home"...)
    {"write": PATH, "text": TEXT}           replace a file (a watched sidecar)
    {"sleep": S}

It prints one JSON report: the values kept, every URL the page requested,
console messages and uncaught exceptions, the number of loads, and an
"error" when a step failed (the browser is closed either way).
"""
import base64
import json
import os
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import time


class WebSocket:
    """Just enough of RFC 6455 for the DevTools endpoint on localhost."""

    def __init__(self, url):
        rest = url[len("ws://"):]
        hostport, path = rest.split("/", 1)
        host, port = hostport.rsplit(":", 1)
        self.sock = socket.create_connection((host, int(port)), timeout=30)
        key = base64.b64encode(os.urandom(16)).decode()
        request = (f"GET /{path} HTTP/1.1\r\nHost: {hostport}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                   f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n")
        self.sock.sendall(request.encode())
        response = b""
        while b"\r\n\r\n" not in response:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise RuntimeError("the DevTools endpoint closed during the handshake")
            response += chunk
        if b" 101 " not in response.split(b"\r\n", 1)[0]:
            raise RuntimeError("the DevTools endpoint refused the WebSocket: " + response.split(b"\r\n", 1)[0].decode())
        self.buffer = response.split(b"\r\n\r\n", 1)[1]

    def send(self, text):
        payload = text.encode()
        header = bytearray([0x81])  # FIN, text
        n = len(payload)
        if n < 126:
            header.append(0x80 | n)
        elif n < 1 << 16:
            header += bytes([0x80 | 126]) + struct.pack(">H", n)
        else:
            header += bytes([0x80 | 127]) + struct.pack(">Q", n)
        mask = os.urandom(4)  # a client must mask what it sends
        self.sock.sendall(bytes(header) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def _read(self, n):
        while len(self.buffer) < n:
            chunk = self.sock.recv(1 << 20)
            if not chunk:
                raise RuntimeError("the browser closed the DevTools connection")
            self.buffer += chunk
        data, self.buffer = self.buffer[:n], self.buffer[n:]
        return data

    def receive(self):
        message = b""
        while True:
            first, second = self._read(2)
            n = second & 0x7F
            if n == 126:
                n = struct.unpack(">H", self._read(2))[0]
            elif n == 127:
                n = struct.unpack(">Q", self._read(8))[0]
            payload = self._read(n)
            opcode = first & 0x0F
            if opcode == 8:
                raise RuntimeError("the browser closed the DevTools connection")
            if opcode in (9, 10):  # ping, pong: nothing to answer on a short session
                continue
            message += payload
            if first & 0x80:
                return message.decode()


class Page:
    def __init__(self, chromium, width, height):
        self.profile = tempfile.mkdtemp(prefix="segue-chromium-")
        self.process = subprocess.Popen(
            [chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--remote-debugging-port=0",
             f"--user-data-dir={self.profile}", "--no-first-run", "--no-default-browser-check",
             "--disable-extensions", "--disable-background-networking", "--disable-component-update",
             "--disable-sync", "--disable-default-apps", "--mute-audio", "--hide-scrollbars",
             "--force-color-profile=srgb", f"--window-size={width},{height}", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        # Chromium writes the port it chose, and the browser's path, to this file.
        active = os.path.join(self.profile, "DevToolsActivePort")
        deadline = time.time() + 30
        while not (os.path.exists(active) and len(open(active).read().split("\n")) >= 2):
            if self.process.poll() is not None or time.time() > deadline:
                raise RuntimeError("chromium did not start its DevTools endpoint")
            time.sleep(0.05)
        port, path = open(active).read().split("\n")[:2]
        self.ws = WebSocket(f"ws://127.0.0.1:{port}{path}")
        self.next_id = 0
        self.events = []
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Page", "Runtime", "Log", "Network"):
            self.call(domain + ".enable", {}, self.session)
        self.call("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False}, self.session)

    def call(self, method, params, session=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params}
        if session:
            message["sessionId"] = session
        self.ws.send(json.dumps(message))
        while True:
            reply = json.loads(self.ws.receive())
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error'].get('message')}")
                return reply.get("result", {})
            if "method" in reply:
                self.events.append(reply)

    def page(self, method, params=None):
        return self.call(method, params or {}, self.session)

    def evaluate(self, expression):
        result = self.page("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True})
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails'].get('text')}")
        return result.get("result", {}).get("value")

    def loads(self):
        return sum(1 for e in self.events if e["method"] == "Page.loadEventFired")

    def box(self, selector):
        rect = self.evaluate(f"(() => {{ const r = document.querySelector({json.dumps(selector)}).getBoundingClientRect();"
                             " return [r.left, r.top, r.width, r.height]; })()")
        return rect

    def close(self):
        try:
            self.call("Browser.close", {})
        except Exception:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        shutil.rmtree(self.profile, ignore_errors=True)


def run(plan):
    report = {"values": {}, "requests": [], "console": [], "exceptions": [], "loads": 0}
    page = Page(plan["chromium"], plan.get("width", 1280), plan.get("height", 800))
    try:
        for step in plan["steps"]:
            if "open" in step:
                before = page.loads()
                page.page("Page.navigate", {"url": step["open"]})
                deadline = time.time() + 20
                while page.loads() == before:
                    if time.time() > deadline:
                        raise RuntimeError(f"{step['open']} did not load")
                    try:
                        page.evaluate("1")  # reads events while waiting
                    except RuntimeError:
                        pass  # no document to ask during the navigation
                    time.sleep(0.02)
            elif "wait" in step:
                deadline = time.time() + step.get("timeout", 10)
                while True:
                    try:
                        if page.evaluate(step["wait"]):
                            break
                    except RuntimeError:
                        pass  # the document is being replaced (a reload): ask again
                    if time.time() > deadline:
                        raise RuntimeError(f"timed out waiting for {step['wait']}")
                    time.sleep(0.05)
            elif "eval" in step:
                report["values"][step["as"]] = page.evaluate(step["eval"])
            elif "screenshot" in step:
                params = {"format": "png"}
                if step.get("clip"):
                    x, y, w, h = page.box(step["clip"])
                    params["clip"] = {"x": x, "y": y, "width": w, "height": h, "scale": 1}
                shot = page.page("Page.captureScreenshot", params)
                with open(step["screenshot"], "wb") as f:
                    f.write(base64.b64decode(shot["data"]))
            elif "drag" in step:
                x, y, w, h = page.box(step["drag"])
                points = [(x + w * step["from"], y + h / 2), (x + w * step["to"], y + h / 2)]
                page.page("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": points[0][0], "y": points[0][1]})
                page.page("Input.dispatchMouseEvent", {"type": "mousePressed", "x": points[0][0], "y": points[0][1],
                                                       "button": "left", "buttons": 1, "clickCount": 1})
                page.page("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": points[1][0], "y": points[1][1],
                                                       "button": "left", "buttons": 1})
                page.page("Input.dispatchMouseEvent", {"type": "mouseReleased", "x": points[1][0], "y": points[1][1],
                                                       "button": "left", "buttons": 0, "clickCount": 1})
            elif "key" in step:
                key = step["key"]
                codes = {" ": ("Space", 32), "ArrowLeft": ("ArrowLeft", 37), "ArrowRight": ("ArrowRight", 39),
                         "Home": ("Home", 36), "End": ("End", 35)}
                code, keycode = codes[key]
                for kind in ("keyDown", "keyUp"):
                    page.page("Input.dispatchKeyEvent", {"type": kind, "key": key, "code": code,
                                                         "windowsVirtualKeyCode": keycode, "nativeVirtualKeyCode": keycode})
            elif "write" in step:
                with open(step["write"], "w") as f:
                    f.write(step["text"])
            elif "sleep" in step:
                time.sleep(step["sleep"])
                page.evaluate("1")
            else:
                raise RuntimeError(f"unknown step {step}")
    except Exception as error:  # reported, so the test can say what went wrong
        report["error"] = str(error)
    finally:
        for event in page.events:
            method, params = event["method"], event.get("params", {})
            if method == "Network.requestWillBeSent":
                url = params["request"]["url"]
                report["requests"].append(url[:40] if url.startswith("data:") else url)  # data URIs are whole pictures
            elif method == "Runtime.consoleAPICalled":
                text = " ".join(str(a.get("value", a.get("description", ""))) for a in params.get("args", []))
                report["console"].append({"level": params.get("type"), "text": text})
            elif method == "Log.entryAdded":
                entry = params["entry"]
                report["console"].append({"level": entry.get("level"), "text": entry.get("text", "") + " " + entry.get("url", "")})
            elif method == "Runtime.exceptionThrown":
                details = params["exceptionDetails"]
                report["exceptions"].append(details.get("exception", {}).get("description") or details.get("text"))
        report["loads"] = page.loads()
        page.close()
    return report


if __name__ == "__main__":
    print(json.dumps(run(json.load(sys.stdin))))
