import type { ReceiptRow, receiptList } from "@taleem/contract";
import { and, count, desc, eq, gte, lte, or, sql } from "drizzle-orm";
import type { z } from "zod";
import type { RequestContext } from "../../platform/actions/request-context.js";
import { searchPattern } from "../../platform/resources/list-filters.js";
import { requireStudent, studentColumns } from "../students/students.service.js";
import { feeReceipts, feeTransactions } from "./fees.table.js";

type Query = z.infer<typeof receiptList.query>;

/**
 * Receipts found by a term (the receipt's number, the student's name or admission number), a
 * student, the payment's dates or the receipt's status; newest first. A family's role finds only
 * its own children's.
 */
export async function findReceipts(ctx: Pick<RequestContext, "scope" | "principal">, query: Query): Promise<{ rows: ReceiptRow[]; count: number }> {
  const { scope } = ctx;
  if (query.studentId) await requireStudent(scope, query.studentId);
  const term = query.q ? searchPattern(query.q) : undefined;
  const students = studentColumns(scope);
  const where = scope.where(
    feeReceipts,
    term ? or(sql`${feeReceipts.number} ilike ${term}`, sql`${students.name} ilike ${term}`, sql`${students.admissionNo} ilike ${term}`) : undefined,
    query.studentId ? eq(feeReceipts.studentId, query.studentId) : undefined,
    query.from ? gte(feeTransactions.paidOn, query.from) : undefined,
    query.to ? lte(feeTransactions.paidOn, query.to) : undefined,
    query.status ? eq(feeReceipts.status, query.status) : undefined,
  );
  const studentJoin = and(eq(students.tenantId, feeReceipts.tenantId), eq(students.id, feeReceipts.studentId));
  const transactionJoin = and(eq(feeTransactions.tenantId, feeReceipts.tenantId), eq(feeTransactions.id, feeReceipts.transactionId));
  const [rows, [total]] = await Promise.all([
    scope.db
      .select({
        id: feeReceipts.id,
        number: feeReceipts.number,
        financialYear: feeReceipts.financialYear,
        kind: feeReceipts.kind,
        transactionId: feeReceipts.transactionId,
        studentId: feeReceipts.studentId,
        studentName: students.name,
        admissionNo: students.admissionNo,
        amount: feeReceipts.amount,
        paidOn: feeTransactions.paidOn,
        mode: feeTransactions.mode,
        status: feeReceipts.status,
        cancelledReason: feeReceipts.cancelledReason,
        issuedAt: feeReceipts.createdAt,
      })
      .from(feeReceipts)
      .innerJoin(students, studentJoin)
      .innerJoin(feeTransactions, transactionJoin)
      .where(where)
      .orderBy(desc(feeReceipts.createdAt), desc(feeReceipts.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    scope.db.select({ n: count() }).from(feeReceipts).innerJoin(students, studentJoin).innerJoin(feeTransactions, transactionJoin).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r, issuedAt: r.issuedAt.toISOString() })), count: total?.n ?? 0 };
}
