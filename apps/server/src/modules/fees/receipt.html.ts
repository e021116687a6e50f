import type { Language } from "@taleem/contract";
import { inDigits } from "@taleem/contract";
import { escapeHtml as h } from "../../platform/files/html.js";
import { dayText } from "../../platform/texts/dates.js";

import { auto, ltr, type PrintDoc, pageHtml, schoolHeader } from "../exams/report-card.html.js";
import { amountInWords } from "./amount-in-words.js";
import type { DueReceiptView, ReceiptLine, ReceiptStudent, ReceiptView } from "./fee-documents.service.js";
import { headText, modeText, type ReceiptText, receiptText, receiptHtml as textHtml } from "./fee-documents.texts.js";

/** How a receipt is printed: the page's language, the school's currency and time zone. */
export interface ReceiptDoc extends PrintDoc {
  language: Language;
  currency: string;
  timeZone: string;
}

const SYMBOLS: Record<string, string> = { INR: "₹", PKR: "Rs", AED: "AED", SAR: "SAR", USD: "$" };

/**
 * Minor units as the school writes money: two places, grouped in lakhs for rupees (1,23,456.00)
 * and in thousands otherwise (123,456.00), Latin digits in every language, the currency's sign first.
 */
export function formatMoney(minor: number, currency: string): string {
  const grouping = currency === "INR" || currency === "PKR" ? "en-IN" : "en-US";
  const figure = new Intl.NumberFormat(grouping, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Math.abs(minor) / 100);
  return `${minor < 0 ? "-" : ""}${SYMBOLS[currency] ?? currency} ${figure}`;
}

const CSS = `
.receipt { position: relative; }
.receipt bdi.n, td.nw { white-space: nowrap; }
.title { display: flex; justify-content: space-between; align-items: baseline; gap: 12px; margin: 4px 0 8px; }
.title h2 { margin: 0; font-size: 14pt; }
.title .meta { font-size: 10pt; text-align: end; }
.title .meta b { font-size: 11pt; }
.who th, .pay th { width: 17%; background: #f4f8f6; font-weight: 400; color: #3c4a46; }
.who, .pay { margin-bottom: 8px; }
.lines td.m, .lines th.m { text-align: end; white-space: nowrap; width: 22%; }
.lines tr.subtotal td { font-weight: 700; background: #f4f8f6; }
.lines tr.group td { font-weight: 700; color: #1f6f5c; border-bottom: 0; background: #fff; }
.lines tfoot td { font-size: 11pt; }
.words { margin: 8px 0; padding: 6px 8px; border: 1px solid #b9cbc5; background: #fbfdfc; }
.words .label { color: #3c4a46; font-size: 9pt; display: block; margin-bottom: 6px; }
.words .text { font-weight: 700; font-size: 11pt; }
.after th { background: #f4f8f6; font-weight: 400; color: #3c4a46; width: 50%; }
.after td { font-weight: 700; text-align: end; }
.note { font-size: 8.5pt; color: #444; margin-top: 6px; }
.stamp { position: absolute; top: 92mm; left: 50%; transform: translateX(-50%) rotate(-16deg); border: 5px solid #c0392b; color: #c0392b;
  padding: 4px 22px; font-size: 34pt; font-weight: 700; letter-spacing: 4px; opacity: 0.4; text-align: center; white-space: nowrap; pointer-events: none; }
.stamp small { display: block; font-size: 11pt; letter-spacing: 0; font-weight: 700; white-space: normal; max-width: 110mm; }
.cancelled-reason { color: #c0392b; font-weight: 700; margin: 4px 0 8px; }
`;

type T = (key: ReceiptText, params?: Record<string, string | number>) => string;

const textOf =
  (language: string): T =>
  (key, params) =>
    textHtml(language, key, ltr, params);

function studentTable(t: T, s: ReceiptStudent): string {
  return `<table class="who">
<tr><th>${t("name")}</th><td colspan="3"><b>${auto(s.name)}</b>${s.nameNative ? ` &nbsp; ${auto(s.nameNative)}` : ""}</td></tr>
<tr><th>${t("admissionNo")}</th><td>${ltr(s.admissionNo)}</td><th>${t("class")}</th><td>${s.classLabel ? auto(s.classLabel) : "–"}</td></tr>
</table>`;
}

/** A line's description: the due's name and its head's name, or what an advance or refund is. */
function lineCells(doc: ReceiptDoc, t: T, line: ReceiptLine): string {
  const money = (n: number) => ltr(inDigits(formatMoney(n, doc.currency), doc.digits));
  const due = line.dueDate ? auto(dayText(doc.language, doc.timeZone, line.dueDate, doc.digits)) : "";
  if (line.kind === "advance") return `<td>–</td><td>${t("advance")}</td><td></td><td class="m">${money(line.amount)}</td>`;
  if (line.kind === "refund") return `<td>–</td><td>${t("refundLine")}</td><td></td><td class="m">${money(line.amount)}</td>`;
  const head = line.head ? h(headText(doc.language, line.head)) : "–";
  const name = line.name ? auto(line.name) : "";
  if (line.kind === "fine") return `<td>${t("fine")}</td><td>${name}</td><td>${due}</td><td class="m">${money(line.amount)}</td>`;
  return `<td>${head}</td><td>${name}</td><td>${due}</td><td class="m">${money(line.amount)}</td>`;
}

/**
 * The table of what was paid: tuition first with its own subtotal (Indian parents claim it against
 * income tax), then the other heads with theirs, then fines, then any advance or refund.
 */
function linesTable(doc: ReceiptDoc, t: T, view: ReceiptView): string {
  const money = (n: number) => ltr(inDigits(formatMoney(n, doc.currency), doc.digits));
  const sum = (ls: ReceiptLine[]) => ls.reduce((s, l) => s + l.amount, 0);
  const tuition = view.lines.filter((l) => l.kind === "due" && l.head === "tuition");
  const other = view.lines.filter((l) => l.kind === "due" && l.head !== "tuition");
  const fines = view.lines.filter((l) => l.kind === "fine");
  const rest = view.lines.filter((l) => l.kind === "advance" || l.kind === "refund");
  const rows: string[] = [];
  const row = (l: ReceiptLine) => rows.push(`<tr>${lineCells(doc, t, l)}</tr>`);
  if (tuition.length) {
    tuition.forEach(row);
    rows.push(`<tr class="subtotal"><td colspan="3">${t("tuitionSubtotal")}</td><td class="m">${money(sum(tuition))}</td></tr>`);
  }
  if (other.length) {
    other.forEach(row);
    rows.push(`<tr class="subtotal"><td colspan="3">${t("otherSubtotal")}</td><td class="m">${money(sum(other))}</td></tr>`);
  }
  fines.forEach(row);
  rest.forEach(row);
  const totalLabel = view.kind === "refund" ? t("totalRefunded") : t("total");
  return `<table class="lines">
<thead><tr><th>${t("head")}</th><th>${t("description")}</th><th>${t("dueDate")}</th><th class="m">${t("amount")}</th></tr></thead>
<tbody>${rows.join("\n")}</tbody>
<tfoot><tr><td colspan="3">${totalLabel}</td><td class="m">${money(view.total)}</td></tr></tfoot>
</table>`;
}

function wordsBox(doc: ReceiptDoc, t: T, amount: number): string {
  return `<div class="words"><span class="label">${t("inWords")}</span><span class="text">${h(amountInWords(amount, doc.currency, doc.language))}</span></div>`;
}

function stamp(doc: ReceiptDoc, reason: string | null): string {
  return `<div class="stamp">${h(receiptText(doc.language, "cancelled"))}${reason ? `<small>${auto(reason)}</small>` : ""}</div>`;
}

/** One transaction's receipt: a payment, or a refund; a cancelled one stamped with its reason. */
export function receiptHtml(doc: ReceiptDoc, view: ReceiptView): string {
  const t = textOf(doc.language);
  const money = (n: number) => ltr(inDigits(formatMoney(n, doc.currency), doc.digits));
  const title = view.kind === "refund" ? t("refundReceipt") : t("feeReceipt");
  const cancelled = view.status === "cancelled";
  const collector = view.collectedBy ? auto(view.collectedBy) : view.provider ? t("onlineCollector", { provider: view.provider }) : "–";
  const state = view.state === "reversed" ? t("reversed") : view.state === "received" ? t("received") : t("confirmed");
  const after =
    view.balanceAfter < 0
      ? `<tr><th>${t("advanceAfter")}</th><td>${money(-view.balanceAfter)}</td></tr>`
      : `<tr><th>${t("balanceAfter")}</th><td>${money(view.balanceAfter)}</td></tr>`;
  const hasTuition = view.lines.some((l) => l.kind === "due" && l.head === "tuition");
  const body = `<section class="receipt">
${schoolHeader(doc.school)}
<div class="title"><h2>${title}</h2><div class="meta">${t("receiptNo")} <b>${ltr(view.number)}</b><br>${t("date")} ${auto(dayText(doc.language, doc.timeZone, view.paidOn, doc.digits))}</div></div>
${cancelled ? `${stamp(doc, view.cancelledReason)}<div class="cancelled-reason">${h(receiptText(doc.language, "cancelled"))}${view.cancelledReason ? ` · ${t("cancelledReason", { reason: view.cancelledReason })}` : ""}</div>` : ""}
${studentTable(t, view.student)}
<table class="pay">
<tr><th>${t("mode")}</th><td>${h(modeText(doc.language, view.mode))}</td><th>${t("reference")}</th><td>${view.reference ? ltr(view.reference) : "–"}</td></tr>
<tr><th>${t(view.kind === "refund" ? "refundedBy" : "collectedBy")}</th><td>${collector}</td><th>${t("state")}</th><td>${state}</td></tr>
${view.note ? `<tr><th>${t("note")}</th><td colspan="3">${auto(view.note)}</td></tr>` : ""}
</table>
${linesTable(doc, t, view)}
${wordsBox(doc, t, view.total)}
<table class="after">${after}</table>
${hasTuition ? `<p class="note">${t("taxNote")}</p>` : ""}
<footer>${t("generated")}<br>${h(doc.printed)}</footer>
</section>`;
  return pageHtml(doc, `${receiptText(doc.language, view.kind === "refund" ? "refundReceipt" : "feeReceipt")} ${view.number}`, body, CSS);
}

/** A due's receipt: the due's figures and every payment against it, reversed ones shown as such. */
export function dueReceiptHtml(doc: ReceiptDoc, view: DueReceiptView, today: string): string {
  const t = textOf(doc.language);
  const money = (n: number) => ltr(inDigits(formatMoney(n, doc.currency), doc.digits));
  const d = view.due;
  const kept = view.payments.filter((p) => p.state !== "reversed");
  const totalPaid = kept.reduce((s, p) => s + p.amount, 0);
  const paymentRows = view.payments
    .map((p) => {
      const state = p.state === "reversed" ? t("reversed") : p.state === "received" ? t("received") : t("confirmed");
      const fine = p.fine ? `<br><span class="legend">${t("finePart")} ${money(p.fine)}</span>` : "";
      return `<tr><td class="nw">${p.receiptNumber ? ltr(p.receiptNumber) : "–"}</td><td class="nw">${auto(dayText(doc.language, doc.timeZone, p.paidOn, doc.digits))}</td><td>${h(
        modeText(doc.language, p.mode),
      )}${p.reference ? ` ${ltr(p.reference)}` : ""}</td><td>${state}</td><td class="m">${p.state === "reversed" ? `<s>${money(p.amount)}</s>` : money(p.amount)}${fine}</td></tr>`;
    })
    .join("\n");
  const tuition = d.head === "tuition";
  const figures: [ReceiptText, number][] = [
    ["chargedAmount", d.amount],
    ["concession", d.concession],
    ["fine", d.fine],
    ["paid", d.paid],
    ["balance", d.balance],
  ];
  const body = `<section class="receipt">
${schoolHeader(doc.school)}
<div class="title"><h2>${t("dueReceipt")}</h2><div class="meta">${t("date")} ${auto(dayText(doc.language, doc.timeZone, today, doc.digits))}</div></div>
${studentTable(t, view.student)}
<table class="lines">
<thead><tr><th>${t("head")}</th><th>${t("description")}</th><th>${t("dueDate")}</th><th class="m">${t("amount")}</th></tr></thead>
<tbody><tr><td>${h(headText(doc.language, d.head))}</td><td>${auto(d.name)}</td><td>${auto(dayText(doc.language, doc.timeZone, d.dueDate, doc.digits))}</td><td class="m">${money(d.amount)}</td></tr>
${tuition ? `<tr class="subtotal"><td colspan="3">${t("tuitionSubtotal")}</td><td class="m">${money(d.amount)}</td></tr>` : `<tr class="subtotal"><td colspan="3">${t("otherSubtotal")}</td><td class="m">${money(d.amount)}</td></tr>`}
</tbody></table>
<table class="after" style="margin-top:8px">${figures.map(([k, v]) => `<tr><th>${t(k)}</th><td>${money(v)}</td></tr>`).join("")}</table>
<h3 style="margin:10px 0 4px;font-size:11pt">${t("payments")}</h3>
${
  view.payments.length
    ? `<table class="lines"><thead><tr><th>${t("receiptNo")}</th><th>${t("date")}</th><th>${t("mode")}</th><th>${t("state")}</th><th class="m">${t("amount")}</th></tr></thead>
<tbody>${paymentRows}</tbody><tfoot><tr><td colspan="4">${t("totalPaid")}</td><td class="m">${money(totalPaid)}</td></tr></tfoot></table>`
    : `<p>${t("noPayments")}</p>`
}
${wordsBox(doc, t, totalPaid)}
${tuition ? `<p class="note">${t("taxNote")}</p>` : ""}
<footer>${t("generated")}<br>${h(doc.printed)}</footer>
</section>`;
  return pageHtml(doc, receiptText(doc.language, "dueReceipt"), body, CSS);
}
