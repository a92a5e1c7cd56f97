import { lessonMetadata, LessonPage, type LessonPageProps } from '@/components/courses/lesson-page';

export const generateMetadata = (props: LessonPageProps) => lessonMetadata('reading', props);

/** /aiBook/reading/class?category=…&unit=N: a 阅读 lesson (no header or footer). */
export default function ReadingClassPage(props: LessonPageProps) {
  return <LessonPage type="reading" {...props} />;
}
