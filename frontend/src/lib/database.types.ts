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
      block_pages: {
        Row: {
          author_id: string | null
          blocks: Json
          created_at: string
          id: string
          name: string
          publish_at: string | null
          published: boolean
          route: string
          system: boolean
          updated_at: string
        }
        Insert: {
          author_id?: string | null
          blocks?: Json
          created_at?: string
          id?: string
          name: string
          publish_at?: string | null
          published?: boolean
          route: string
          system?: boolean
          updated_at?: string
        }
        Update: {
          author_id?: string | null
          blocks?: Json
          created_at?: string
          id?: string
          name?: string
          publish_at?: string | null
          published?: boolean
          route?: string
          system?: boolean
          updated_at?: string
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
      blog_taxonomy_seo: {
        Row: {
          created_at: string
          kind: string
          meta_description: string | null
          meta_title: string | null
          name: string | null
          slug: string
          updated_at: string
        }
        Insert: {
          created_at?: string
          kind: string
          meta_description?: string | null
          meta_title?: string | null
          name?: string | null
          slug: string
          updated_at?: string
        }
        Update: {
          created_at?: string
          kind?: string
          meta_description?: string | null
          meta_title?: string | null
          name?: string | null
          slug?: string
          updated_at?: string
        }
        Relationships: []
      }
      content_images_without_alt: {
        Row: {
          source_id: string
          source_label: string
          source_type: string
          src: string
        }
        Insert: {
          source_id: string
          source_label?: string
          source_type: string
          src: string
        }
        Update: {
          source_id?: string
          source_label?: string
          source_type?: string
          src?: string
        }
        Relationships: []
      }
      content_links: {
        Row: {
          source_id: string
          source_label: string
          source_type: string
          url: string
        }
        Insert: {
          source_id: string
          source_label?: string
          source_type: string
          url: string
        }
        Update: {
          source_id?: string
          source_label?: string
          source_type?: string
          url?: string
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
      link_checks: {
        Row: {
          checked_at: string | null
          detail: string | null
          http_status: number | null
          internal: boolean
          lease_until: string | null
          next_check_at: string
          status: string
          url: string
        }
        Insert: {
          checked_at?: string | null
          detail?: string | null
          http_status?: number | null
          internal: boolean
          lease_until?: string | null
          next_check_at?: string
          status?: string
          url: string
        }
        Update: {
          checked_at?: string | null
          detail?: string | null
          http_status?: number | null
          internal?: boolean
          lease_until?: string | null
          next_check_at?: string
          status?: string
          url?: string
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
      not_found_log: {
        Row: {
          first_seen: string
          hits: number
          kind: string
          last_referrer: string | null
          last_seen: string
          path: string
        }
        Insert: {
          first_seen?: string
          hits?: number
          kind?: string
          last_referrer?: string | null
          last_seen?: string
          path: string
        }
        Update: {
          first_seen?: string
          hits?: number
          kind?: string
          last_referrer?: string | null
          last_seen?: string
          path?: string
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
          block_page_id: string | null
          blocks: Json | null
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
          block_page_id?: string | null
          blocks?: Json | null
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
          block_page_id?: string | null
          blocks?: Json | null
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
            foreignKeyName: "preview_links_block_page_id_fkey"
            columns: ["block_page_id"]
            isOneToOne: false
            referencedRelation: "block_pages"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "preview_links_post_id_fkey"
            columns: ["post_id"]
            isOneToOne: false
            referencedRelation: "blog_posts"
            referencedColumns: ["id"]
          }
        ]
      }
      redirects: {
        Row: {
          automatic: boolean
          created_at: string
          hits: number
          id: string
          last_hit_at: string | null
          match_type: string
          note: string | null
          source_path: string
          status_code: number
          target: string | null
          updated_at: string
        }
        Insert: {
          automatic?: boolean
          created_at?: string
          hits?: number
          id?: string
          last_hit_at?: string | null
          match_type?: string
          note?: string | null
          source_path: string
          status_code?: number
          target?: string | null
          updated_at?: string
        }
        Update: {
          automatic?: boolean
          created_at?: string
          hits?: number
          id?: string
          last_hit_at?: string | null
          match_type?: string
          note?: string | null
          source_path?: string
          status_code?: number
          target?: string | null
          updated_at?: string
        }
        Relationships: []
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
      block_page_stats:
        { Args: { from_date: string; to_date: string }; Returns: ({ conversion_rate: number | null; id: string | null; leads: number | null; name: string | null; route: string | null; views: number | null })[] }
      blog_archive:
        { Args: { kind: string; slug: string; page?: number; page_size?: number }; Returns: Json }
      blog_taxonomies:
        { Args: never; Returns: ({ kind: string | null; last_modified: string | null; name: string | null; posts: number | null; slug: string | null })[] }
      create_preview_link:
        { Args: { kind: string; post_id?: string; page_route?: string; content?: string; expires_in_days?: number; block_page_id?: string; blocks?: Json }; Returns: Json }
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
      not_found_report:
        { Args: { max_rows?: number }; Returns: ({ first_seen: string | null; hits: number | null; kind: string | null; last_referrer: string | null; last_seen: string | null; path: string | null; redirect_id: string | null })[] }
      popular_posts:
        { Args: { max_results?: number }; Returns: ({ description: string | null; slug: string | null; title: string | null; views: number | null })[] }
      preview:
        { Args: { token: string }; Returns: Json }
      record_search:
        { Args: { q: string; results: number }; Returns: undefined }
      related_posts:
        { Args: { post_slug: string; max_results?: number }; Returns: ({ category: string | null; created_at: string | null; description: string | null; id: string | null; read_time: string | null; slug: string | null; title: string | null })[] }
      restore_revision:
        { Args: { revision_id: number }; Returns: string }
      search_site:
        { Args: { q: string; page?: number; page_size?: number }; Returns: Json }
      search_stats:
        { Args: { from_day: string; to_day: string }; Returns: Json }
      site_health:
        { Args: never; Returns: ({ detail: string | null; fix_path: string | null; kind: string | null; severity: string | null; source_id: string | null; source_label: string | null; source_type: string | null; title: string | null })[] }
      site_health_summary:
        { Args: never; Returns: Json }
      staff_list:
        { Args: never; Returns: ({ display_name: string | null; email: string | null; invited_at: string | null; last_sign_in_at: string | null; mfa_enabled: boolean | null; role: string | null; status: string | null; user_id: string | null })[] }
      staff_me:
        { Args: never; Returns: ({ display_name: string | null; email: string | null; role: string | null; user_id: string | null })[] }
      staff_set_active:
        { Args: { target: string; active: boolean }; Returns: undefined }
      staff_set_role:
        { Args: { target: string; new_role: string }; Returns: undefined }
      taxonomy_slug:
        { Args: { name: string }; Returns: string }
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
