package org.example.sync

import android.content.ActivityNotFoundException
import android.content.Intent
import android.os.Bundle
import androidx.annotation.StringRes
import androidx.appcompat.app.AppCompatActivity
import com.google.android.material.dialog.MaterialAlertDialogBuilder
import com.google.android.material.snackbar.Snackbar
import android.view.Menu
import android.widget.Toast
import org.example.core.CoreString
import org.example.core.R as CoreR
import org.example.core.toast
import org.example.sync.databinding.ActivityMainBinding

class MainActivity : AppCompatActivity() {
    private lateinit var binding: ActivityMainBinding

    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        binding = ActivityMainBinding.inflate(layoutInflater)
        setContentView(binding.root)
        binding.name.text = intent.getStringExtra("name")
        binding.status.text = when (state) {
            State.UPLOADING -> getString(R.string.uploading)
            else -> getString(R.string.downloading)
        }
        binding.title.apply { text = getString(R.string.folder_title).uppercase() }
        // binding.title.setText(R.string.commented_out)
        val notCode = "binding.title.setText(R.string.in_a_string)"
    }

    private fun confirmDelete() {
        MaterialAlertDialogBuilder(this)
            .setTitle(R.string.delete_title)
            .setMessage(R.string.delete_message)
            .setPositiveButton(R.string.delete_action) { _, _ -> delete() }
            .setNegativeButton(R.string.cancel_action, null)
            .setNeutralButton(R.string.details_action, null)
            .show()
    }

    private fun showError(@StringRes message: Int) {
        Snackbar.make(binding.root, message, Snackbar.LENGTH_LONG).show()
    }

    private fun sync() {
        showError(R.string.sync_failed)
        toast(R.string.saved)
    }

    private fun offline() {
        toast(CoreString.core_offline)
        showError(CoreR.string.core_retry)
        Toast.makeText(this, org.example.core.R.string.core_synced, Toast.LENGTH_SHORT).show()
    }

    private fun menus(menu: Menu) {
        menu.findItem(R.id.search).setTitle(R.string.menu_star)
        MaterialAlertDialogBuilder(this).apply {
            setTitle(R.string.builder_block_title)
        }.show()
    }

    private fun shareLink() {
        try {
            startActivity(Intent.createChooser(Intent(Intent.ACTION_SEND), null))
        } catch (e: ActivityNotFoundException) {
            toast(R.string.no_share_app)
        }
    }

    private fun notifyUpload(manager: NotificationManager) {
        val title: String
        title = getString(R.string.upload_title)
        val notification = NotificationCompat.Builder(this, "sync").setContentTitle(title).build()
        manager.notify(1, notification)
    }
}
