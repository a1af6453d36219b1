import { useRef } from 'react';
import { BottomSheet } from '../../components/ui/dialogs.js';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.js';
import { CreateAccountForm } from './create-account-form.js';
import { SignInForm } from './sign-in-form.js';

export type AuthTab = 'sign-in' | 'create-account';

/** The bottom sheet with the Sign In and Create Account tabs. */
export function AuthSheet(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  tab: AuthTab;
  onTabChange: (tab: AuthTab) => void;
}) {
  const panels = useRef<HTMLDivElement>(null);
  return (
    <BottomSheet
      open={props.open}
      onOpenChange={props.onOpenChange}
      title="Sign in or create an account"
      description="Sign in to continue your daily practice, or create an account to begin it."
      // Opened to sign in or to begin, the sheet puts the reader in its form's first field.
      initialFocus={() =>
        panels.current?.querySelector<HTMLElement>('[role="tabpanel"][data-state="active"] input')
      }
    >
      <Tabs
        ref={panels}
        value={props.tab}
        onValueChange={(value) => props.onTabChange(value as AuthTab)}
        className="mt-6"
      >
        <TabsList>
          <TabsTrigger value="sign-in">Sign In</TabsTrigger>
          <TabsTrigger value="create-account">Create Account</TabsTrigger>
        </TabsList>
        {/* Both forms stay mounted, so switching tabs never loses what was typed. */}
        <TabsContent value="sign-in" forceMount className="data-[state=inactive]:hidden">
          <p className="mb-5 text-sm text-muted-foreground">
            Welcome back. Continue where you left off.
          </p>
          <SignInForm />
        </TabsContent>
        <TabsContent value="create-account" forceMount className="data-[state=inactive]:hidden">
          <p className="mb-5 text-sm text-muted-foreground">
            A few details, and your first stanza is waiting.
          </p>
          <CreateAccountForm />
        </TabsContent>
      </Tabs>
    </BottomSheet>
  );
}
