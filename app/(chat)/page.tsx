import { AppProviders } from '@/components/store/app-providers';
import { ChatApp } from '@/components/chat/chat-app';

/** The chat page. */
export default function HomePage() {
  return (
    <AppProviders>
      <ChatApp />
    </AppProviders>
  );
}
