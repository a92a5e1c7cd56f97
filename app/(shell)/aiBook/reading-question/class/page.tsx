import { lessonMetadata, LessonPage, type LessonPageProps } from '@/components/courses/lesson-page';

export const generateMetadata = (props: LessonPageProps) => lessonMetadata('reading-question', props);

/** /aiBook/reading-question/class?category=…&unit=N: a 真题阅读 lesson (no header or footer). */
export default function ReadingQuestionClassPage(props: LessonPageProps) {
  return <LessonPage type="reading-question" {...props} />;
}
