package org.example.sync

import android.content.Context
import android.util.AttributeSet
import android.widget.FrameLayout
import androidx.annotation.StringRes
import androidx.biometric.BiometricPrompt

// A custom view with a title of its own: its setTitle is not the activity's.
class UnlockView(context: Context, attrs: AttributeSet?) : FrameLayout(context, attrs) {
    var title: CharSequence? = null

    fun setTitle(@StringRes textId: Int) {
        title = context.getString(textId)
    }
}

class UnlockScreen(private val view: UnlockView) {
    fun show() {
        view.setTitle(R.string.unlock_title)
        val prompt = BiometricPrompt.PromptInfo.Builder()
            .setTitle(view.context.getString(R.string.biometric_title))
            .build()
    }
}

// Another class's setTitle of the same shape: a toolbar's, which the call above must not reach.
class TitledToolbar(private val toolbar: androidx.appcompat.widget.Toolbar) {
    fun setTitle(@StringRes resId: Int) {
        toolbar.setTitle(resId)
    }
}

class UnlockFragment {
    private var unlockView: UnlockView? = null

    fun showStored() {
        unlockView?.setTitle(R.string.unlock_stored)
    }
}

class MenuHolder {
    fun markReadOnly(item: android.view.MenuItem) {
        item.setTitle(R.string.read_only)
    }
}

fun verify(context: android.content.Context) {
    val info = BiometricPrompt.PromptInfo.Builder().run {
        setTitle(context.getString(R.string.verify_title))
        build()
    }
}
