/** The academy's four catalogue courses (specification §2.2 and §9), in full. */
import type { Executor } from '../client.ts';
import { courses } from '../schema/academy-courses.ts';

type CourseRow = Omit<typeof courses.$inferInsert, 'createdAt' | 'updatedAt'>;

const ACCREDITATION = 'EBSSA Accredited';

export const COURSE_CATALOGUE: CourseRow[] = [
  {
    id: 'cpo',
    title: 'Certified Protection Officer',
    tagline: 'The benchmark qualification for senior security professionals in East Africa.',
    description:
      'An intensive six-week programme for experienced officers who want to lead. It covers risk and threat assessment, protective operations, emergency response, investigations, Kenyan security law and the management of security teams, with live scenario exercises in and around Nairobi. Graduates receive an EBSSA-accredited certificate recognised by employers across the region.',
    durationWeeks: 6,
    validityYears: 3,
    price: 150_000,
    level: 'Advanced',
    accreditation: ACCREDITATION,
    category: 'Professional Certification',
    maxStudents: 15,
    prerequisites: [
      'At least 2 years of experience in the security industry',
      'A valid PSRA security licence',
      'A clean criminal record (Certificate of Good Conduct)',
      'Pass the physical fitness test at enrolment',
      'KCSE certificate or equivalent',
    ],
    syllabus: [
      {
        week: 1,
        title: 'Foundations of Protection',
        topics: [
          'Role and ethics of the protection officer',
          'The Private Security Regulation Act, 2016',
          'Use of force and citizen’s arrest',
          'Professional conduct and communication',
        ],
      },
      {
        week: 2,
        title: 'Risk and Threat Assessment',
        topics: [
          'Threat, vulnerability and risk',
          'Site surveys and security audits',
          'Crime prevention through environmental design',
          'Writing a risk assessment report',
        ],
      },
      {
        week: 3,
        title: 'Physical and Electronic Security',
        topics: ['Access control systems', 'CCTV and alarm monitoring', 'Perimeter protection', 'Key control and lock systems', 'Patrol planning'],
      },
      {
        week: 4,
        title: 'Emergency Response',
        topics: [
          'First aid and CPR (Red Cross certified)',
          'Fire safety and evacuation',
          'Bomb threats and suspicious packages',
          'Active attacker response',
        ],
      },
      {
        week: 5,
        title: 'Investigations and Reporting',
        topics: [
          'Incident scene preservation',
          'Interviewing witnesses',
          'Evidence handling and chain of custody',
          'Report writing for police and courts',
        ],
      },
      {
        week: 6,
        title: 'Leadership and Final Assessment',
        topics: [
          'Supervising and scheduling security teams',
          'Client relations and service standards',
          'Full-day live scenario exercise',
          'Written and practical examinations',
        ],
      },
    ],
    learningOutcomes: [
      'Assess threats and risks to people, property and information, and recommend proportionate measures',
      'Plan and supervise security operations for residential, corporate and public sites',
      'Respond effectively to medical, fire and security emergencies',
      'Conduct basic investigations and write reports that stand up in court',
      'Apply Kenyan security law and professional ethics in daily work',
    ],
    careerOpportunities: [
      'Security supervisor or site manager',
      'Corporate security officer',
      'Protection officer for diplomatic missions and NGOs',
      'Security consultant',
      'Loss prevention manager',
    ],
    published: true,
    sortOrder: 1,
  },
  {
    id: 'basic-security',
    title: 'Basic Security Guard',
    tagline: 'Start a professional security career with the essentials done right.',
    description:
      'A two-week foundation course for new guards and career changers. Trainees learn patrols, access control, observation and reporting, customer care and first aid, and finish ready for PSRA licensing and their first assignment.',
    durationWeeks: 2,
    validityYears: 2,
    price: 35_000,
    level: 'Beginner',
    accreditation: ACCREDITATION,
    category: 'Foundation',
    maxStudents: 25,
    prerequisites: ['Aged 18 or over', 'Kenyan national ID or valid work permit', 'KCSE certificate or equivalent', 'Certificate of Good Conduct'],
    syllabus: [
      {
        week: 1,
        title: 'The Guard’s Duties',
        topics: [
          'Role of the security guard and the law',
          'Patrols and observation',
          'Access control and visitor management',
          'Radio procedure and communication',
          'Occurrence book and incident reports',
        ],
      },
      {
        week: 2,
        title: 'Safety and Service',
        topics: [
          'First aid basics',
          'Fire safety and use of extinguishers',
          'Handling conflict calmly',
          'Customer care at the gate',
          'Final practical assessment',
        ],
      },
    ],
    learningOutcomes: [
      'Carry out patrols, gate duty and access control to a professional standard',
      'Keep accurate occurrence book entries and incident reports',
      'Give basic first aid and respond to fires',
      'Handle visitors and conflicts courteously and safely',
    ],
    careerOpportunities: ['Residential security guard', 'Commercial and retail guard', 'Gate and access control officer', 'CCTV operator'],
    published: true,
    sortOrder: 2,
  },
  {
    id: 'executive-protection',
    title: 'Executive Protection',
    tagline: 'Protect executives, dignitaries and high-net-worth families with confidence.',
    description:
      'A four-week course in close protection: advance work, protective formations, secure transport, route planning and medical emergencies, taught by former state protection officers. Includes motorcade drills and a final protective detail exercise.',
    durationWeeks: 4,
    validityYears: 3,
    price: 95_000,
    level: 'Intermediate',
    accreditation: ACCREDITATION,
    category: 'Specialist',
    maxStudents: 12,
    prerequisites: [
      'At least 1 year of experience in the security industry',
      'A valid PSRA security licence',
      'Certificate of Good Conduct',
      'A valid driving licence',
    ],
    syllabus: [
      {
        week: 1,
        title: 'Principles of Close Protection',
        topics: [
          'The protective mindset',
          'Threat profiling of the principal',
          'Legal framework and rules of engagement',
          'Working with the principal’s staff',
        ],
      },
      {
        week: 2,
        title: 'Advance Work and Planning',
        topics: ['Venue advances and site surveys', 'Route planning and safe havens', 'Hotel and airport procedures', 'Communications plans'],
      },
      {
        week: 3,
        title: 'Formations and Transport',
        topics: ['Foot formations and embus/debus drills', 'Vehicle selection and convoy procedure', 'Defensive driving', 'Attack on principal drills'],
      },
      {
        week: 4,
        title: 'Emergencies and Final Exercise',
        topics: ['Tactical medicine and casualty evacuation', 'Evacuation under threat', 'Multi-day protective detail exercise', 'Debrief and assessment'],
      },
    ],
    learningOutcomes: [
      'Plan and carry out advances for venues, routes and travel',
      'Work in foot and vehicle protective formations',
      'React to attacks and medical emergencies involving the principal',
      'Brief and work within a protective detail',
    ],
    careerOpportunities: [
      'Close protection officer',
      'Personal security detail member',
      'Residential security team leader',
      'Corporate travel security coordinator',
    ],
    published: true,
    sortOrder: 3,
  },
  {
    id: 'event-security',
    title: 'Event Security',
    tagline: 'Keep concerts, conferences and celebrations safe from the gate to the last guest out.',
    description:
      'A three-week course in crowd safety and event operations: planning with organisers, searches and screening, crowd dynamics, door supervision, VIP areas and emergency evacuation. Practical sessions take place at real Nairobi venues.',
    durationWeeks: 3,
    price: 55_000,
    level: 'Intermediate',
    accreditation: ACCREDITATION,
    category: 'Specialist',
    maxStudents: 20,
    prerequisites: ['At least 6 months of security experience', 'A valid PSRA security licence', 'Certificate of Good Conduct'],
    syllabus: [
      {
        week: 1,
        title: 'Event Planning and Risk',
        topics: ['Working with organisers and the police', 'Event risk assessments', 'Deployment plans and briefings', 'Accreditation and zoning'],
      },
      {
        week: 2,
        title: 'Crowds and Doors',
        topics: [
          'Crowd dynamics and density',
          'Searches and metal detector screening',
          'Door supervision and refusals',
          'De-escalation and lawful ejection',
          'VIP and backstage areas',
        ],
      },
      {
        week: 3,
        title: 'Emergencies and Live Event',
        topics: ['Evacuation and crowd crush prevention', 'Lost children and vulnerable guests', 'Working a live event', 'Final assessment'],
      },
    ],
    learningOutcomes: [
      'Contribute to event risk assessments and deployment plans',
      'Screen and search guests lawfully and respectfully',
      'Recognise dangerous crowd conditions and act early',
      'Lead an evacuation of a venue',
    ],
    careerOpportunities: ['Event security officer', 'Door supervisor', 'Crowd safety steward supervisor', 'Venue security coordinator'],
    published: true,
    sortOrder: 4,
  },
];

/**
 * Every server start makes sure the catalogue's courses exist, demo data or not: a fresh production
 * database opens with the four courses on /courses. A course already there (edited since, or
 * unpublished) is left as it is.
 */
export async function seedCourseCatalogue(db: Executor): Promise<number> {
  const inserted = await db.insert(courses).values(COURSE_CATALOGUE).onConflictDoNothing({ target: courses.id }).returning({ id: courses.id });
  return inserted.length;
}
