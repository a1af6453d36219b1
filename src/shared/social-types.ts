import type { DistanceCategory } from './proximity.js';

export interface Friend {
  id: number;
  fullName: string;
  username: string;
  email: string;
  whatsapp: string | null;
}

export interface UserSearchResult {
  id: number;
  fullName: string;
  username: string;
  postalCode: string | null;
}

export interface DiscoveredUser extends UserSearchResult {
  distanceCategory: DistanceCategory;
}

export interface FriendRequest {
  id: number;
  senderId: number;
  receiverId: number;
  status: 'pending' | 'accepted' | 'rejected';
  createdAt: string;
  updatedAt: string;
  sender: { id: number; fullName: string; username: string };
  receiver: { id: number; fullName: string; username: string };
}

export interface FriendRequestList {
  sent: FriendRequest[];
  received: FriendRequest[];
}
