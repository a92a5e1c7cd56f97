import { lessonMetadata, LessonPage, type LessonPageProps } from '@/components/courses/lesson-page';

export const generateMetadata = (props: LessonPageProps) => lessonMetadata('sentence', props);

/** /aiBook/sentence/class?category=…&unit=N: a 句子 lesson (no header or footer). */
export default function SentenceClassPage(props: LessonPageProps) {
  return <LessonPage type="sentence" {...props} />;
}
