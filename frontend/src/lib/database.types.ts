export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]

export type Database = {
  // Allows to automatically instantiate createClient with right options
  // instead of createClient<Database, { PostgrestVersion: 'XX' }>(URL, KEY)
  __InternalSupabase: {
    PostgrestVersion: "14.1"
  }
  public: {
    Tables: {
      admin_activity: {
        Row: {
          action: string
          actor_email: string | null
          actor_id: string | null
          actor_name: string | null
          client_ip: string | null
          details: Json
          entity: string | null
          entity_id: string | null
          id: number
          occurred_at: string
          session_id: string | null
          summary: string
          user_agent: string | null
        }
        Insert: {
          action: string
          actor_email?: string | null
          actor_id?: string | null
          actor_name?: string | null
          client_ip?: string | null
          details?: Json
          entity?: string | null
          entity_id?: string | null
          id: number
          occurred_at?: string
          session_id?: string | null
          summary?: string
          user_agent?: string | null
        }
        Update: {
          action?: string
          actor_email?: string | null
          actor_id?: string | null
          actor_name?: string | null
          client_ip?: string | null
          details?: Json
          entity?: string | null
          entity_id?: string | null
          id?: number
          occurred_at?: string
          session_id?: string | null
          summary?: string
          user_agent?: string | null
        }
        Relationships: []
      }
      blog_posts: {
        Row: {
          author_id: string | null
          author_name: string | null
          canonical_url: string | null
          category: string
          content: string
          created_at: string
          description: string
          excerpt: string | null
          featured_image_alt: string | null
          featured_image_url: string | null
          focus_keyword: string | null
          id: string
          meta_title: string | null
          nofollow: boolean
          noindex: boolean
          og_description: string | null
          og_image: string | null
          og_title: string | null
          publish_at: string | null
          published: boolean
          read_time: string
          schema_type: string
          slug: string
          tags: string[]
          title: string
          twitter_card_type: string
          updated_at: string
        }
        Insert: {
          author_id?: string | null
          author_name?: string | null
          canonical_url?: string | null
          category: string
          content?: string
          created_at?: string
          description: string
          excerpt?: string | null
          featured_image_alt?: string | null
          featured_image_url?: string | null
          focus_keyword?: string | null
          id?: string
          meta_title?: string | null
          nofollow?: boolean
          noindex?: boolean
          og_description?: string | null
          og_image?: string | null
          og_title?: string | null
          publish_at?: string | null
          published?: boolean
          read_time?: string
          schema_type?: string
          slug: string
          tags?: string[]
          title: string
          twitter_card_type?: string
          updated_at?: string
        }
        Update: {
          author_id?: string | null
          author_name?: string | null
          canonical_url?: string | null
          category?: string
          content?: string
          created_at?: string
          description?: string
          excerpt?: string | null
          featured_image_alt?: string | null
          featured_image_url?: string | null
          focus_keyword?: string | null
          id?: string
          meta_title?: string | null
          nofollow?: boolean
          noindex?: boolean
          og_description?: string | null
          og_image?: string | null
          og_title?: string | null
          publish_at?: string | null
          published?: boolean
          read_time?: string
          schema_type?: string
          slug?: string
          tags?: string[]
          title?: string
          twitter_card_type?: string
          updated_at?: string
        }
        Relationships: []
      }
      content_revisions: {
        Row: {
          action: string
          actor_email: string | null
          actor_id: string | null
          actor_name: string | null
          changed: string[]
          client_ip: string | null
          created_at: string
          entity: string
          entity_id: string
          entity_key: string
          id: number
          previous: Json | null
          restored_from: number | null
          session_id: string | null
          snapshot: Json | null
          user_agent: string | null
        }
        Insert: {
          action: string
          actor_email?: string | null
          actor_id?: string | null
          actor_name?: string | null
          changed?: string[]
          client_ip?: string | null
          created_at?: string
          entity: string
          entity_id: string
          entity_key: string
          id: number
          previous?: Json | null
          restored_from?: number | null
          session_id?: string | null
          snapshot?: Json | null
          user_agent?: string | null
        }
        Update: {
          action?: string
          actor_email?: string | null
          actor_id?: string | null
          actor_name?: string | null
          changed?: string[]
          client_ip?: string | null
          created_at?: string
          entity?: string
          entity_id?: string
          entity_key?: string
          id?: number
          previous?: Json | null
          restored_from?: number | null
          session_id?: string | null
          snapshot?: Json | null
          user_agent?: string | null
        }
        Relationships: []
      }
      lead_deliveries: {
        Row: {
          attempts: number
          created_at: string
          delivered_at: string | null
          id: string
          last_attempt_at: string | null
          last_error: string | null
          last_status: number | null
          lead_id: string
          next_attempt_at: string
          status: string
          target_url: string
          updated_at: string
        }
        Insert: {
          attempts?: number
          created_at?: string
          delivered_at?: string | null
          id?: string
          last_attempt_at?: string | null
          last_error?: string | null
          last_status?: number | null
          lead_id: string
          next_attempt_at?: string
          status?: string
          target_url: string
          updated_at?: string
        }
        Update: {
          attempts?: number
          created_at?: string
          delivered_at?: string | null
          id?: string
          last_attempt_at?: string | null
          last_error?: string | null
          last_status?: number | null
          lead_id?: string
          next_attempt_at?: string
          status?: string
          target_url?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "lead_deliveries_lead_id_fkey"
            columns: ["lead_id"]
            isOneToOne: false
            referencedRelation: "leads"
            referencedColumns: ["id"]
          }
        ]
      }
      lead_notes: {
        Row: {
          author_id: string | null
          author_name: string | null
          body: string
          created_at: string
          id: string
          lead_id: string | null
          whitepaper_submission_id: string | null
        }
        Insert: {
          author_id?: string | null
          author_name?: string | null
          body: string
          created_at?: string
          id?: string
          lead_id?: string | null
          whitepaper_submission_id?: string | null
        }
        Update: {
          author_id?: string | null
          author_name?: string | null
          body?: string
          created_at?: string
          id?: string
          lead_id?: string | null
          whitepaper_submission_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "lead_notes_lead_id_fkey"
            columns: ["lead_id"]
            isOneToOne: false
            referencedRelation: "leads"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "lead_notes_whitepaper_submission_id_fkey"
            columns: ["whitepaper_submission_id"]
            isOneToOne: false
            referencedRelation: "whitepaper_submissions"
            referencedColumns: ["id"]
          }
        ]
      }
      lead_notifications: {
        Row: {
          attempts: number
          created_at: string
          digest_id: string | null
          duplicate_of: string | null
          id: string
          kind: string
          last_attempt_at: string | null
          last_error: string | null
          lead_id: string | null
          next_attempt_at: string
          sent_at: string | null
          status: string
          submission_id: string | null
          updated_at: string
        }
        Insert: {
          attempts?: number
          created_at?: string
          digest_id?: string | null
          duplicate_of?: string | null
          id?: string
          kind: string
          last_attempt_at?: string | null
          last_error?: string | null
          lead_id?: string | null
          next_attempt_at?: string
          sent_at?: string | null
          status?: string
          submission_id?: string | null
          updated_at?: string
        }
        Update: {
          attempts?: number
          created_at?: string
          digest_id?: string | null
          duplicate_of?: string | null
          id?: string
          kind?: string
          last_attempt_at?: string | null
          last_error?: string | null
          lead_id?: string | null
          next_attempt_at?: string
          sent_at?: string | null
          status?: string
          submission_id?: string | null
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "lead_notifications_duplicate_of_fkey"
            columns: ["duplicate_of"]
            isOneToOne: false
            referencedRelation: "lead_notifications"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "lead_notifications_lead_id_fkey"
            columns: ["lead_id"]
            isOneToOne: true
            referencedRelation: "leads"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "lead_notifications_submission_id_fkey"
            columns: ["submission_id"]
            isOneToOne: true
            referencedRelation: "whitepaper_submissions"
            referencedColumns: ["id"]
          }
        ]
      }
      leads: {
        Row: {
          assignee: string
          client_ip: string | null
          company_name: string
          email: string
          full_name: string
          id: string
          internal_note: string
          payload: Json
          received_at: string
          source: string
          spam_flagged_at: string | null
          spam_reason: string | null
          status: string
          updated_at: string
          user_agent: string | null
        }
        Insert: {
          assignee?: string
          client_ip?: string | null
          company_name?: string
          email: string
          full_name?: string
          id?: string
          internal_note?: string
          payload: Json
          received_at?: string
          source: string
          spam_flagged_at?: string | null
          spam_reason?: string | null
          status?: string
          updated_at?: string
          user_agent?: string | null
        }
        Update: {
          assignee?: string
          client_ip?: string | null
          company_name?: string
          email?: string
          full_name?: string
          id?: string
          internal_note?: string
          payload?: Json
          received_at?: string
          source?: string
          spam_flagged_at?: string | null
          spam_reason?: string | null
          status?: string
          updated_at?: string
          user_agent?: string | null
        }
        Relationships: []
      }
      media_assets: {
        Row: {
          alt_text: string
          created_at: string
          height: number | null
          object_name: string
          original_name: string | null
          updated_at: string
          width: number | null
        }
        Insert: {
          alt_text?: string
          created_at?: string
          height?: number | null
          object_name: string
          original_name?: string | null
          updated_at?: string
          width?: number | null
        }
        Update: {
          alt_text?: string
          created_at?: string
          height?: number | null
          object_name?: string
          original_name?: string | null
          updated_at?: string
          width?: number | null
        }
        Relationships: []
      }
      page_analytics: {
        Row: {
          browser: string | null
          created_at: string
          device_type: string | null
          id: string
          not_found: boolean
          page_path: string
          page_title: string | null
          referrer: string | null
          scroll_depth: number
          session_id: string
          time_on_page: number
          user_agent: string | null
          visited_at: string
        }
        Insert: {
          browser?: string | null
          created_at?: string
          device_type?: string | null
          id?: string
          not_found?: boolean
          page_path: string
          page_title?: string | null
          referrer?: string | null
          scroll_depth?: number
          session_id: string
          time_on_page?: number
          user_agent?: string | null
          visited_at?: string
        }
        Update: {
          browser?: string | null
          created_at?: string
          device_type?: string | null
          id?: string
          not_found?: boolean
          page_path?: string
          page_title?: string | null
          referrer?: string | null
          scroll_depth?: number
          session_id?: string
          time_on_page?: number
          user_agent?: string | null
          visited_at?: string
        }
        Relationships: []
      }
      page_seo_settings: {
        Row: {
          canonical_url: string | null
          content: string | null
          created_at: string
          featured_image_alt: string | null
          featured_image_url: string | null
          id: string
          keywords: string[]
          meta_description: string | null
          meta_title: string | null
          nofollow: boolean
          noindex: boolean
          og_description: string | null
          og_image: string | null
          og_title: string | null
          og_type: string
          page_name: string
          page_route: string
          schema_json: Json | null
          twitter_card_type: string
          twitter_description: string | null
          twitter_image: string | null
          twitter_title: string | null
          updated_at: string
        }
        Insert: {
          canonical_url?: string | null
          content?: string | null
          created_at?: string
          featured_image_alt?: string | null
          featured_image_url?: string | null
          id?: string
          keywords?: string[]
          meta_description?: string | null
          meta_title?: string | null
          nofollow?: boolean
          noindex?: boolean
          og_description?: string | null
          og_image?: string | null
          og_title?: string | null
          og_type?: string
          page_name: string
          page_route: string
          schema_json?: Json | null
          twitter_card_type?: string
          twitter_description?: string | null
          twitter_image?: string | null
          twitter_title?: string | null
          updated_at?: string
        }
        Update: {
          canonical_url?: string | null
          content?: string | null
          created_at?: string
          featured_image_alt?: string | null
          featured_image_url?: string | null
          id?: string
          keywords?: string[]
          meta_description?: string | null
          meta_title?: string | null
          nofollow?: boolean
          noindex?: boolean
          og_description?: string | null
          og_image?: string | null
          og_title?: string | null
          og_type?: string
          page_name?: string
          page_route?: string
          schema_json?: Json | null
          twitter_card_type?: string
          twitter_description?: string | null
          twitter_image?: string | null
          twitter_title?: string | null
          updated_at?: string
        }
        Relationships: []
      }
      preview_links: {
        Row: {
          content: string | null
          created_at: string
          expires_at: string
          id: string
          kind: string
          label: string
          page_route: string | null
          post_id: string | null
          revoked_at: string | null
          session_id: string | null
          token_hash: string
        }
        Insert: {
          content?: string | null
          created_at?: string
          expires_at: string
          id?: string
          kind: string
          label?: string
          page_route?: string | null
          post_id?: string | null
          revoked_at?: string | null
          session_id?: string | null
          token_hash: string
        }
        Update: {
          content?: string | null
          created_at?: string
          expires_at?: string
          id?: string
          kind?: string
          label?: string
          page_route?: string | null
          post_id?: string | null
          revoked_at?: string | null
          session_id?: string | null
          token_hash?: string
        }
        Relationships: [
          {
            foreignKeyName: "preview_links_post_id_fkey"
            columns: ["post_id"]
            isOneToOne: false
            referencedRelation: "blog_posts"
            referencedColumns: ["id"]
          }
        ]
      }
      whitepaper_submissions: {
        Row: {
          assignee: string
          company_name: string
          company_size: string
          created_at: string
          current_challenges: string
          email: string
          first_name: string
          id: string
          internal_note: string
          job_title: string
          last_name: string
          phone: string
          revenue: string
          spam_flagged_at: string | null
          spam_reason: string | null
          status: string
          updated_at: string
        }
        Insert: {
          assignee?: string
          company_name: string
          company_size?: string
          created_at?: string
          current_challenges?: string
          email: string
          first_name: string
          id?: string
          internal_note?: string
          job_title?: string
          last_name?: string
          phone: string
          revenue?: string
          spam_flagged_at?: string | null
          spam_reason?: string | null
          status?: string
          updated_at?: string
        }
        Update: {
          assignee?: string
          company_name?: string
          company_size?: string
          created_at?: string
          current_challenges?: string
          email?: string
          first_name?: string
          id?: string
          internal_note?: string
          job_title?: string
          last_name?: string
          phone?: string
          revenue?: string
          spam_flagged_at?: string | null
          spam_reason?: string | null
          status?: string
          updated_at?: string
        }
        Relationships: []
      }
      whitepapers: {
        Row: {
          category: string
          created_at: string
          description: string
          featured: boolean
          file_path: string | null
          id: string
          pages: number | null
          title: string
          updated_at: string
        }
        Insert: {
          category: string
          created_at?: string
          description?: string
          featured?: boolean
          file_path?: string | null
          id?: string
          pages?: number | null
          title: string
          updated_at?: string
        }
        Update: {
          category?: string
          created_at?: string
          description?: string
          featured?: boolean
          file_path?: string | null
          id?: string
          pages?: number | null
          title?: string
          updated_at?: string
        }
        Relationships: []
      }
    }
    Views: {
      [_ in never]: never
    }
    Functions: {
      admin_activity_actions:
        { Args: never; Returns: string[] }
      analytics_breakdown:
        { Args: { from_day: string; to_day: string; time_zone: string }; Returns: Json }
      analytics_series:
        { Args: { from_day: string; to_day: string; time_zone: string; unit?: string }; Returns: ({ leads: number | null; period_start: string | null; views: number | null; visitors: number | null })[] }
      create_preview_link:
        { Args: { kind: string; post_id?: string; page_route?: string; content?: string; expires_in_days?: number }; Returns: Json }
      custom_access_token_hook:
        { Args: { event: Json }; Returns: Json }
      delete_posts_forever:
        { Args: { post_ids: string[] }; Returns: number }
      log_admin_activity:
        { Args: { action: string; entity?: string; entity_id?: string; summary?: string; details?: Json }; Returns: undefined }
      media_usage:
        { Args: { names?: string[] }; Returns: ({ object_name: string | null; uses: Json | null })[] }
      my_sessions:
        { Args: never; Returns: ({ aal: string | null; created_at: string | null; id: string | null; ip: string | null; is_current: boolean | null; refreshed_at: string | null; user_agent: string | null })[] }
      preview:
        { Args: { token: string }; Returns: Json }
      restore_revision:
        { Args: { revision_id: number }; Returns: string }
      staff_list:
        { Args: never; Returns: ({ display_name: string | null; email: string | null; invited_at: string | null; last_sign_in_at: string | null; mfa_enabled: boolean | null; role: string | null; status: string | null; user_id: string | null })[] }
      staff_me:
        { Args: never; Returns: ({ display_name: string | null; email: string | null; role: string | null; user_id: string | null })[] }
      staff_set_active:
        { Args: { target: string; active: boolean }; Returns: undefined }
      staff_set_role:
        { Args: { target: string; new_role: string }; Returns: undefined }
    }
    Enums: {
      [_ in never]: never
    }
    CompositeTypes: {
      [_ in never]: never
    }
  }
}

type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] &
        DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] &
        DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I
      }
      ? I
      : never
    : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U
      }
      ? U
      : never
    : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never = never,
> = DefaultSchemaEnumNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never

export const Constants = {
  public: {
    Enums: {
    },
  },
} as const
