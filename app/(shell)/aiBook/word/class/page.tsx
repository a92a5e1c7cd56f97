import { lessonMetadata, LessonPage, type LessonPageProps } from '@/components/courses/lesson-page';

export const generateMetadata = (props: LessonPageProps) => lessonMetadata('word', props);

/** /aiBook/word/class?category=…&unit=N: a 单词 lesson (no header or footer). */
export default function WordClassPage(props: LessonPageProps) {
  return <LessonPage type="word" {...props} />;
}
