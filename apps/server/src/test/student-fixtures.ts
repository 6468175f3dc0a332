/** Fixtures for the student dashboard tests: courses, cohorts and enrolments, course materials, and small real documents. */
import { crc32 } from 'node:zlib';
import type { Database } from '../db/client.ts';
import { cohorts, courses } from '../db/schema/academy-courses.ts';
import { enrollments } from '../db/schema/academy-enrollments.ts';
import type { TestContext } from './test-app.ts';
import { saveStoredFile } from '../modules/files/files.service.ts';

export const DAY = 86_400_000;
export const daysFromNow = (days: number) => new Date(Date.now() + days * DAY);
export const isoDay = (date: Date) => date.toISOString().slice(0, 10);

export async function insertCourse(db: Database, id: string, title = `Course ${id}`) {
  await db.insert(courses).values({
    id,
    title,
    tagline: 'Tagline',
    description: 'Description',
    durationWeeks: 2,
    price: 35_000,
    level: 'Beginner',
    accreditation: 'PSRA',
    category: 'Security',
    maxStudents: 20,
  });
}

export async function insertCohort(db: Database, courseId: string, startInDays = 10): Promise<string> {
  const [row] = await db
    .insert(cohorts)
    .values({ courseId, startDate: isoDay(daysFromNow(startInDays)), endDate: isoDay(daysFromNow(startInDays + 14)), capacity: 20, enrolledCount: 1 })
    .returning({ id: cohorts.id });
  if (!row) throw new Error('cohort not created');
  return row.id;
}

type EnrollmentStatus = (typeof enrollments.$inferInsert)['status'];

export async function insertEnrollment(
  db: Database,
  values: { profileId: string; courseId: string; cohortId: string; status?: EnrollmentStatus; createdAt?: Date; paid?: boolean },
): Promise<string> {
  const [row] = await db
    .insert(enrollments)
    .values({
      profileId: values.profileId,
      courseId: values.courseId,
      cohortId: values.cohortId,
      coursePrice: 35_000,
      paymentMethod: values.paid === false ? 'cash' : 'intasend',
      status: values.status ?? 'active',
      paymentStatus: values.paid === false ? 'pending_cash' : 'paid',
      createdAt: values.createdAt ?? new Date(),
    })
    .returning({ id: enrollments.id });
  if (!row) throw new Error('enrolment not created');
  return row.id;
}

export async function insertMaterial(t: TestContext, courseId: string, name: string, bytes = Buffer.from(`%PDF-1.4\n${name}\n%%EOF\n`)) {
  const { row } = await saveStoredFile(
    t.deps,
    { bucket: 'course-materials', ownerProfileId: null, courseId, originalName: name, contentType: 'application/pdf', sizeBytes: bytes.length },
    bytes,
    () => Promise.resolve(null),
  );
  return row.id;
}

/** A ZIP archive with its entries stored (not compressed). */
export function zipOf(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const nameBytes = Buffer.from(name);
    const data = Buffer.from(text);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  const count = Object.keys(entries).length;
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

export const pdf = (text = 'My assignment') => Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${text}\n%%EOF\n`);

/** A PDF of exactly `size` bytes. */
export const pdfOfSize = (size: number) => Buffer.concat([pdf(), Buffer.alloc(size - pdf().length, 0x20)]);

export const docx = () =>
  zipOf({
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    '_rels/.rels':
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    'word/document.xml':
      '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Risk assessment</w:t></w:r></w:p></w:body></w:document>',
  });

export const zip = () => zipOf({ 'site-plan.txt': 'Gate A: two officers. Gate B: one officer.', 'notes/readme.txt': 'Evacuation routes.' });

/** The start of a compound file (the container of a Word 97–2003 .doc). */
export const legacyDoc = () => {
  const bytes = Buffer.alloc(5000);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(bytes);
  return bytes;
};
