import type { UserType } from "@a2a-chat/contracts";

/** The verified caller of a protected route. */
export interface AuthContext {
  userId: string;
  sessionId: string;
  userType: UserType;
  username: string;
  email: string | null;
  scopes: string[];
}
