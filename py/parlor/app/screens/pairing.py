"""What pairing two devices looks like: the host's panel per remote seat and
the guest's screen, as markup from plain values (``app.pairing.hosting.Peer``,
``app.pairing.guesting.Guest``).

Page contract: the invitation text is in ``[data-invite]``, the guest's answer in
``[data-answer]``; the guest pastes an invitation into ``textarea[data-join-text]`` and
presses ``data-action="join"``, the host pastes the answer into
``textarea[data-answer-text]`` and presses ``data-action="connect"``. ``[data-qr]``
holds the text a QR code is drawn for (assets/qr.js draws it).
"""

from __future__ import annotations

from typing import Protocol

from parlor.app.pairing.link import Hello
from parlor.i18n.catalog import Translator
from parlor.render.html import attrs, button, esc


class Peer(Protocol):
    """What a host's panel shows of a remote seat's connection (``app.pairing.hosting.Peer``)."""

    @property
    def state(self) -> str: ...
    @property
    def invite(self) -> str: ...
    @property
    def lost(self) -> bool: ...
    @property
    def error(self) -> str: ...


class Guest(Protocol):
    """What a guest's screen shows of its link (``app.pairing.guesting.Guest``)."""

    @property
    def state(self) -> str: ...
    @property
    def answer(self) -> str: ...
    @property
    def error(self) -> str: ...
    @property
    def hello(self) -> Hello | None: ...


def _qr(text: str, label: str) -> str:
    return f'<div{attrs(class_="qr", data_qr=text, data_qr_label=label)}></div>'


def _scan(t: Translator) -> str:
    """Shown by the page only where a camera and a decoder are there (assets/qr.js)."""
    return button(t("link.scan"), action="scan", cls="btn subtle", carry="scan",
                  data_needs_camera=True, hidden=True)


def _network_help(t: Translator, ice: str) -> str:
    field = attrs(type="text", data_change="link-ice", value=ice, dir="ltr",
                  spellcheck="false", placeholder="stun:host:3478")
    return (f'<details class="link-settings"><summary>{esc(t("link.settings"))}</summary>'
            f'<p>{esc(t("link.networks"))}</p>'
            f'<label>{esc(t("link.ice.label"))} <input{field}>'
            f'</label><p class="hint">{esc(t("link.ice.hint"))}</p></details>')


def host_panel(t: Translator, seat: int, name: str, peer: Peer, page: str, ice: str) -> str:
    """Pairing the device of remote seat ``seat`` (called ``name``)."""
    body = []
    if peer.lost:
        body.append(f'<p class="warn" role="status">{esc(t("link.host.lost", name=name))}</p>')
    if peer.state == "offering":
        body.append(f'<p role="status">{esc(t("link.preparing"))}</p>')
    elif peer.state in ("inviting", "connecting"):
        link = f"{page}#join={peer.invite}"
        copy = attrs(type="text", readonly=True, value=link, dir="ltr", data_copy=True)
        answer = attrs(data_answer_text=True, rows="3", dir="ltr", spellcheck="false",
                       aria_label=t("link.answer.field", name=name))
        body.append(
            f'<ol class="steps"><li><p>{esc(t("link.host.step1", name=name))}</p>'
            + _qr(link, t("link.invite.qr", name=name))
            + f'<p class="code"><code data-invite dir="ltr">{esc(peer.invite)}</code></p>'
            f'<p><label>{esc(t("link.invite.link"))} <input{copy}>'
            "</label></p></li>"
            f'<li><p>{esc(t("link.host.step2", name=name))}</p>'
            f"<textarea{answer}></textarea>"
            f'<p class="actions">{_scan(t)}'
            + button(t("link.connect"), action="connect", cls="btn", carry="pairing",
                     disabled=peer.state == "connecting")
            + "</p></li></ol>")
        if peer.state == "connecting":
            body.append(f'<p role="status">{esc(t("link.connecting"))}</p>')
    elif peer.state == "failed":
        body.append(f'<p class="error" role="alert">{esc(peer.error)}</p>'
                    f'<p>{esc(t("link.failed.why"))}</p>'
                    + button(t("link.retry"), action="link-retry", cls="btn",
                           carry="pairing"))
    title = t("link.host.title", name=name)
    section = attrs(class_="link-panel", data_link_seat=seat, data_link_state=peer.state,
                    aria_label=title)
    return (f"<section{section}>"
            f'<h2>{esc(title)}</h2>{"".join(body)}'
            f"{_network_help(t, ice)}</section>")


def join_form(t: Translator) -> str:
    """Where a guest opens an invitation (also in the menu's static markup)."""
    return (f'<div class="join" data-join><label>{esc(t("link.join.field"))}'
            f'<textarea{attrs(data_join_text=True, rows="3", dir="ltr", spellcheck="false")}>'
            "</textarea></label>"
            f'<p class="actions">{_scan(t)}'
            + button(t("link.join"), action="join", cls="btn", carry="pairing")
            + "</p></div>")


def guest_panel(t: Translator, g: Guest, ice: str) -> str:
    """The pairing part of a guest's screen (nothing once connected)."""
    if g.state == "connected":
        return ""
    body = []
    if g.state == "answering":
        body.append(f'<p role="status">{esc(t("link.preparing"))}</p>')
    elif g.state == "answered":
        body.append(f'<p>{esc(t("link.guest.show"))}</p>' + _qr(g.answer, t("link.answer.qr"))
                    + f'<p class="code"><code data-answer dir="ltr">{esc(g.answer)}</code></p>'
                    f'<p role="status">{esc(t("link.guest.waiting"))}</p>')
    else:
        if g.error:
            body.append(f'<p class="error" role="alert">{esc(g.error)}</p>'
                        f'<p>{esc(t("link.failed.why"))}</p>')
        else:
            body.append(f'<p class="warn" role="status">{esc(t("link.guest.lost"))}</p>')
        body.append(join_form(t))
    title = t("link.guest.title")
    return (f'<section{attrs(class_="link-panel", data_link_state=g.state, aria_label=title)}>'
            f'<h2>{esc(title)}</h2>{"".join(body)}{_network_help(t, ice)}</section>')


def guest_toolbar(t: Translator, g: Guest) -> str:
    """Back to the menu (which leaves the game to the host), and what this seat is."""
    title = ""
    if g.hello is not None:
        name = g.hello.names[g.hello.seat] if g.hello.seat < len(g.hello.names) else ""
        title = t("link.guest.seat", game=t(f"game.{g.hello.game}.name"), name=name)
    return (f'<nav class="toolbar" aria-label="{esc(t("toolbar.label"))}">'
            + button(t("toolbar.menu"), action="menu", cls="btn subtle")
            + f'<span class="title">{esc(title)}</span></nav>')
