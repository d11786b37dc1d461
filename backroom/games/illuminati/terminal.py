"""The Illuminati table in a terminal: each player's power structure drawn as a tree (every
card with its Power, Transferable Power, Resistance and treasury), the uncontrolled area, the
dead pile, your special cards, and the attack in flight with the number it needs and its
chance on two dice before anyone rolls (11 and 12 always fail). Everything comes from the
seat's view, so the board shows nothing the seat may not see."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text
from rich.tree import Tree

from backroom.engine.events import Msg
from backroom.games.illuminati import deal_view
from backroom.games.illuminati.attack import needing
from backroom.games.illuminati.cards import (
    CARD_OF,
    INCOME,
    LOWEST_ROLL,
    POWER,
    RESISTANCE,
    TRANSFER,
    is_group,
)
from backroom.i18n import translate


def render(view: dict[str, Any], lang: str, names: Sequence[str]) -> RenderableType:
    def t(key: str, **params: Any) -> str:
        return translate(lang, f"illuminati.{key}", params, names)

    lines: list[RenderableType] = [Text(t("ui.status", **status(view)), style="bold")]
    used = set(view["turn"]["used"])
    for info in view["players_info"]:
        lines.append(power_structure(info, used, t))
    lines.append(pile(t("ui.uncontrolled"), view["uncontrolled"], t, stats=True))
    if view["dead"]:
        lines.append(pile(t("ui.dead"), view["dead"], t))
    if view["discard"]:
        lines.append(pile(t("ui.discard"), view["discard"], t))
    if view["lasers"] is not None:
        changed = [Msg(f"illuminati.alignment.{a}") for a in view["lasers"]["alignments"]]
        lines.append(Text(t("ui.lasers", card=view["lasers"]["card"], alignments=changed or "—")))
    if view["transfer"] is not None:
        shift = view["transfer"]
        lines.append(Text(t("ui.transfer", from_card=shift["from"], to_card=shift["to"]), style="yellow"))
    if view["attack"] is not None:
        lines += attack_lines(view["attack"], t)
    if view["deal"] is not None:
        lines.append(Text(t("ui.deal", **offer(view["deal"])), style="yellow"))
    if view["hand"] is not None:
        lines.append(pile(t("ui.hand"), view["hand"], t))
    if view["secret_goal"] is not None:
        lines.append(Text(t("ui.secret_goal", card=view["secret_goal"])))
    lines.append(Text(t(f"phase.{view['phase']}"), style="italic"))
    return Group(*lines)


def status(view: dict[str, Any]) -> dict[str, Any]:
    turn = view["turn"]
    return {
        "seat": view["active"],
        "actions": turn["actions_left"],
        "transfers": turn["transfers_left"],
        "deck": view["deck"],
        "goal": view["goal"],
    }


def offer(deal: dict[str, Any]) -> dict[str, Any]:
    """The offer on the table as the log reads it: what each side holds, the specials by name
    for the two parties (the only ones whose view has their faces), by number for the others."""
    sides = {}
    for name in ("give", "take"):
        faces = deal[f"{name}_specials"]
        unseen = 0 if faces else deal[f"{name}_special_count"]
        sides[name] = deal_view.side(deal[f"{name}_groups"] + faces, unseen, deal[f"{name}_mb"])
    return {"seat": deal["from"], "to_seat": deal["to"], **sides}


def card_label(face: str, money: int | None, t: Any, *, stats: bool = True) -> Text:
    """A card's name, its printed numbers (groups: Power/Transferable Power, Resistance;
    Illuminati: Power/Transferable Power, income) and its treasury. A face-down Illuminati
    (``illuminati``, hidden Illuminati) shows no numbers: its claims are in the player's line."""
    card = CARD_OF.get(face, -1)
    text = Text(t(f"card.{face}"), style="bold" if is_group(card) else "bold magenta")
    if stats and card >= 0:
        numbers = (
            t("ui.group_stats", power=POWER[card], transfer=TRANSFER[card], resistance=RESISTANCE[card])
            if is_group(card)
            else t("ui.illuminati_stats", power=POWER[card], transfer=TRANSFER[card], income=INCOME[card])
        )
        text.append(f"  {numbers}", style="dim")
    if money is not None:
        text.append(f"  {t('ui.mb', mb=money)}", style="green" if money else "dim")
    return text


def power_structure(info: dict[str, Any], used: set[str], t: Any) -> RenderableType:
    """A player's structure as a tree from the Illuminati down, puppets under their masters."""
    header = Text(t("ui.player", seat=info["seat"]), style="bold cyan")
    header.append(f"  {t('ui.specials', count=info['specials'])}", style="dim")
    if info["seen"]:
        header.append(f"  {t('ui.seen', cards=info['seen'])}", style="dim")
    down = info.get("face_down")
    if down is not None and not down["identified"]:
        header.append(f"  {t('ui.claims', power=down['power'], income=down['income'])}", style="dim")
    if not info["alive"]:
        header.append(f"  {t('ui.eliminated', card=info['illuminati'])}", style="strike dim")
        return header
    tree = Tree(header)
    nodes: dict[str | None, Tree] = {None: tree}
    for entry in info["structure"]:  # masters come before their puppets
        label = card_label(entry["card"], entry["money"], t)
        if entry["card"] in used:
            label.append(f"  {t('ui.used')}", style="yellow")
        nodes[entry["card"]] = nodes[entry["master"]].add(label)
    return tree


def pile(title: str, faces: Sequence[str], t: Any, *, stats: bool = False) -> RenderableType:
    if not faces:
        return Text(t("ui.empty", title=title))
    tree = Tree(Text(title, style="bold"))
    for face in faces:
        tree.add(card_label(face, None, t, stats=stats))
    return tree


def attack_lines(attack: dict[str, Any], t: Any) -> list[RenderableType]:
    """The attack in flight; before the dice, the number needed and the chance of making it (or,
    needing less than two dice can make, by how much it falls short)."""
    mode = Msg(f"illuminati.mode.{attack['mode']}")
    lines: list[RenderableType] = []
    if attack["attacker"] is None:
        lines.append(Text(t("ui.attack_target", mode=mode, target_card=attack["target"]), style="bold red"))
    else:
        lines.append(
            Text(
                t("ui.attack", mode=mode, target_card=attack["target"], card=attack["attacker"]),
                style="bold red",
            )
        )
    if attack["helpers"]:
        lines.append(Text(t("ui.helpers", cards=attack["helpers"])))
    if any(attack["spent"].values()):
        lines.append(Text(t("ui.spent", **attack["spent"])))
    if "roll" in attack:
        lines.append(Text(t("ui.rolled", roll=attack["roll"], needing=needing(attack["need"])), style="bold"))
    elif "need" in attack and attack["need"] < LOWEST_ROLL:
        lines.append(Text(t("ui.hopeless", short=LOWEST_ROLL - attack["need"]), style="bold yellow"))
    elif "need" in attack:
        chance = round(100 * attack["chance"])
        lines.append(Text(t("ui.need", need=attack["need"], chance=chance), style="bold yellow"))
    return lines
