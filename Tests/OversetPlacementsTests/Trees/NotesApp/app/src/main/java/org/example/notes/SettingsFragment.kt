package org.example.notes

import android.os.Bundle
import androidx.preference.PreferenceFragmentCompat

// The settings screen nav_graph.xml names: it shows xml/preferences.xml.
class SettingsFragment : PreferenceFragmentCompat() {
    override fun onCreatePreferences(savedInstanceState: Bundle?, rootKey: String?) {
        setPreferencesFromResource(R.xml.preferences, rootKey)
    }
}
