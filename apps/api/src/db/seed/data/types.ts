// Shapes of the demo data. Records refer to each other by slug or key, never by id: ids are
// whatever the database hands out when the seed inserts them.
import type { CategorySlug, SubsectionSlug, TeacherKey } from './catalog.ts';
import type { LessonBlockDataByType, LessonBlockType, PageBlockDataByType, PageBlockType } from '../../schema/blocks.ts';

export type SeedLessonBlock = { [K in LessonBlockType]: { type: K; data: LessonBlockDataByType[K] } }[LessonBlockType];
export type SeedPageBlock = { [K in PageBlockType]: { type: K; data: PageBlockDataByType[K] } }[PageBlockType];

export interface SeedAnswer {
  text: string;
  isCorrect: boolean;
  connectId?: string;
}

export interface SeedQuestion {
  type: 'single' | 'multiple' | 'text' | 'match';
  text: string;
  answers: SeedAnswer[];
  /** Chance (percent) the question is drawn into an attempt; 100 when omitted. */
  probability?: number;
}

export interface SeedTest {
  name: string;
  description?: string;
  /** Percent of right answers needed; 70 when omitted. */
  passScore?: number;
  questions: SeedQuestion[];
}

export interface SeedLesson {
  title: string;
  minutes: number;
  /** Blocks of the first page. */
  blocks: SeedLessonBlock[];
  /** Blocks of the second page, for longer lessons. */
  page2?: SeedLessonBlock[];
}

export interface SeedModule {
  title: string;
  lessons: SeedLesson[];
  test?: SeedTest;
}

export type CertificateKind = 'school' | 'qualification' | 'kids';

export interface SeedCourse {
  slug: string;
  title: string;
  category: CategorySlug;
  shortDescription: string;
  /** HTML of the course page. */
  description: string;
  priceKopecks: number | null;
  oldPriceKopecks?: number;
  durationHours: number;
  durationText: string;
  format: 'online' | 'offline' | 'blended';
  level: 'beginner' | 'intermediate' | 'advanced';
  image: string;
  /** Drafts are false; everything else is published. */
  isPublished?: boolean;
  isFeatured?: boolean;
  seoTitle: string;
  seoDescription: string;
  seoKeywords: string;
  teachers: TeacherKey[];
  subsections: SubsectionSlug[];
  /** 'Для кого' tab text. */
  forWhom: string;
  /** 'Что вы получите' tab items. */
  outcomes: string[];
  certificate: CertificateKind;
  /** Age group of a kids' course, e.g. '10–14 лет'. */
  ages?: string;
  modules: SeedModule[];
  finalTest?: SeedTest;
  /** Groups: days from today to the first session (negative = a past run), and the number of sessions. */
  groups?: { startsInDays: number; sessions: number; capacity?: number; weekdays: 'tue-thu' | 'mon-wed' | 'sat' }[];
}
